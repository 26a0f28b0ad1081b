import { fileUrl, STORAGE_FILES_PATH, STORAGE_UPLOAD_PATH } from '@toy/shared';
import type { Config } from '../config.js';

/** Where stored keys are served: `${fileBase}/${key}`. */
export const fileBaseOf = (config: Config) => `${config.publicUrl}${STORAGE_FILES_PATH}`;

/** Where the multipart form (token, key, file) is posted. */
export const uploadUrlOf = (config: Config) => `${config.publicUrl}${STORAGE_UPLOAD_PATH}`;

/** A picture column holds an upload key or an absolute URL; answer an absolute URL. */
export const picUrl = (config: Config, pic: string) =>
  !pic || /^https?:\/\//i.test(pic) ? pic : fileUrl(fileBaseOf(config), pic);

/** The upload key of a value that is either a key or `${fileBase}/${key}` (query dropped). */
export const keyOfPic = (config: Config, value: string) => {
  const base = `${fileBaseOf(config)}/`;
  return value.startsWith(base) ? value.slice(base.length).split('?')[0]! : value;
};
