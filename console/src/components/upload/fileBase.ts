import { fileUrl, STORAGE_FILES_PATH } from '@toy/shared';
import { config } from '../../config';

/**
 * Where stored files are served from, apart from the upload core: a list shows pictures with
 * previewUrl without loading the uploads' code.
 */
let knownFileBase: string | null = null;

/** The file_base an upload token answered (absolute); `ifUnknown` keeps one already known. */
export function noteFileBase(base: string, ifUnknown = false) {
  if (ifUnknown && knownFileBase !== null) return;
  knownFileBase = base;
}

/** Where stored keys are served from: the token's file_base, else the API's file path. */
export function fileBase(): string {
  return knownFileBase ?? `${config.apiBase}${STORAGE_FILES_PATH}`;
}

/** Preview URL of a value that is a key or already a URL; thumbnails via `?w=`. */
export function previewUrl(value: string, width?: number): string {
  if (/^(https?:|blob:|data:)/.test(value) || value.startsWith('/')) return value;
  return fileUrl(fileBase(), value, width);
}
