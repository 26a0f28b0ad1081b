import { messages, RECORD_IMAGES } from '@toy/shared';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { httpError } from '../../lib/errors.js';
import { type PictureUser, usableUploads } from '../upload/index.js';

const m = messages.blindBoxRecord;

export interface RecordImages {
  pic: string;
  main_pic: string;
  one_box_pic: string;
  one_pack_pic: string;
  pics: string[];
  stylePics: string[];
}

type Size = { width?: number; height?: number; minWidth?: number; minHeight?: number };

/**
 * After the ordered rules: every picture is a stored image the merchant may use (its own or a
 * public asset: upload/pictures.ts; another merchant's answers like a missing one), and the four
 * sized ones have their exact (or minimum) pixel size, read from the uploads table: 橱窗主图
 * 600×600, 整盒头卡图 at least 1200×600, 单盒盒卡图 400×400, 单盒包装图 800×800. The pictures of
 * styles picked from goods are the goods' own (styleFacts), not checked here.
 */
export async function checkRecordImages(
  db: Db | Tx,
  config: Config,
  user: PictureUser,
  images: RecordImages,
): Promise<void> {
  const keys = [
    images.pic,
    images.main_pic,
    images.one_box_pic,
    images.one_pack_pic,
    ...images.pics,
    ...images.stylePics,
  ];
  const usable = await usableUploads(db, config, user, keys);
  const byKey = new Map([...usable].filter(([, r]) => r.kind === 'image'));

  const sized: [string, Size][] = [
    [images.pic, RECORD_IMAGES.pic],
    [images.main_pic, RECORD_IMAGES.main_pic],
    [images.one_box_pic, RECORD_IMAGES.one_box_pic],
    [images.one_pack_pic, RECORD_IMAGES.one_pack_pic],
  ];
  for (const [key, size] of sized) {
    const row = byKey.get(key);
    if (!row) throw httpError(400, m.imageMissing);
    const w = row.width ?? 0;
    const h = row.height ?? 0;
    if (size.width && size.height && (w !== size.width || h !== size.height)) {
      throw httpError(400, messages.upload.imageSize(size.width, size.height));
    }
    if (size.minWidth && size.minHeight && (w < size.minWidth || h < size.minHeight)) {
      throw httpError(400, messages.upload.imageMinSize(size.minWidth, size.minHeight));
    }
  }
  for (const key of [...images.pics, ...images.stylePics]) {
    if (!byKey.has(key)) throw httpError(400, m.imageMissing);
  }
}
