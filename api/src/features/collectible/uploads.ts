import {
  COLLECTIBLE_FILE_TYPES,
  type CollectibleCreate,
  IMAGE_UPLOAD_KINDS,
  messages,
  type UploadKind,
} from '@toy/shared';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { httpError } from '../../lib/errors.js';
import { keyOfPic } from '../../lib/urls.js';
import type { FileStore } from '../../storage/store.js';
import { type PictureUser, usableUploads } from '../upload/index.js';
import { sha256OfStored } from './queries.js';

const m = messages.collectible;

export interface MintFile {
  key: string;
  fileType: number;
  hash: string;
}

export interface CheckedUploads {
  /** The cover (upload key). */
  cover: string;
  /** Type 1: its one file; types 2 and 3: one per item, in order. */
  files: MintFile[];
  picDesc: string[];
}

const isImage = (kind: string) => IMAGE_UPLOAD_KINDS.includes(kind as UploadKind);

/**
 * Every upload of a collectible, checked: each the merchant's own (or public), of the right kind
 * — the file an image or a glb model, the cover, items and detail images pictures — and a model
 * with a cover. Each file's sha256 is computed from the stored bytes: the mint's `file_hash`.
 */
export async function checkUploads(
  tx: Tx,
  config: Config,
  storage: FileStore,
  user: PictureUser,
  body: CollectibleCreate,
): Promise<CheckedUploads> {
  const fileValues = body.type === 1 ? [body.file] : body.items.map((x) => x.pic);
  const all = [...fileValues, ...(body.pic ? [body.pic] : []), ...body.pic_desc];
  const usable = await usableUploads(tx, config, user, all);
  const kindOf = (value: string) => {
    const row = usable.get(value);
    if (!row) throw httpError(400, messages.upload.pictureMissing);
    return row.kind;
  };
  const files: MintFile[] = [];
  for (const value of fileValues) {
    const kind = kindOf(value);
    const model = kind === 'glb';
    if (!isImage(kind) && !(model && body.type === 1)) {
      throw httpError(400, model ? m.modelOnlyForSingle : messages.upload.unsupported);
    }
    const key = keyOfPic(config, value);
    files.push({
      key,
      fileType: model ? COLLECTIBLE_FILE_TYPES.model : COLLECTIBLE_FILE_TYPES.image,
      hash: await sha256OfStored(storage, key).catch(() => {
        throw httpError(400, messages.upload.pictureMissing);
      }),
    });
  }
  for (const value of [...(body.pic ? [body.pic] : []), ...body.pic_desc]) {
    if (!isImage(kindOf(value))) throw httpError(400, messages.upload.unsupported);
  }
  const first = files[0]!;
  if (first.fileType === COLLECTIBLE_FILE_TYPES.model && !body.pic) throw httpError(400, m.coverRequired);
  const cover = body.pic ? keyOfPic(config, body.pic) : first.key;
  return { cover, files, picDesc: body.pic_desc.map((p) => keyOfPic(config, p)) };
}
