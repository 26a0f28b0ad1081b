import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS } from '@toy/shared';
import sharp from 'sharp';
import { type FileStore, THUMBS_PREFIX } from '../../storage/store.js';

/**
 * Thumbnails (`/files/<key>?w=`), made once per width and kept in the store under `.thumbs/<w>/`,
 * beside the uploads (so every API copy on the store serves the one made by any of them). A
 * decode is what costs (a 40-megapixel image takes most of a second and
 * hundreds of MB), so:
 * - a requested width is rounded up to one of THUMB_WIDTHS, so an image has at most that many
 *   thumbnails however many widths are asked for;
 * - an image wider than the largest width is decoded once, into that largest thumbnail, and every
 *   smaller width is made from it;
 * - parallel requests for one thumbnail share one decode;
 * - nothing decodes more than LIMITS.imageMaxPixels (an image stored before that bound, or a
 *   corrupt one, is served as the original instead).
 */
export const THUMB_WIDTHS = [100, 120, 200, 300, 400, 600, 800, 1000, 1200, 1600, 2000] as const;
const LARGEST = THUMB_WIDTHS[THUMB_WIDTHS.length - 1]!;

/** The thumbnail width served for a requested width (≤ 2000): the next ladder width up. */
export const thumbWidth = (w: number) => THUMB_WIDTHS.find((t) => t >= w) ?? LARGEST;

export interface Thumbnail {
  /** The thumbnail's key in the store. */
  key: string;
  mime: string;
  width: number;
  /** True when it was stored already: no image was decoded for this request. */
  cached: boolean;
}

interface Source {
  key: string;
  mime: string;
  /** The original's width, when stored (uploads.width). */
  width: number | null;
}

const making = new Map<string, Promise<void>>();

/** The key of a thumbnail: JPEG for JPEG originals, PNG for PNG and GIF. */
function thumbOf(source: Source, width: number) {
  const asJpeg = source.mime === 'image/jpeg';
  return {
    key: `${THUMBS_PREFIX}/${width}/${source.key}.${asJpeg ? 'jpg' : 'png'}`,
    mime: asJpeg ? 'image/jpeg' : 'image/png',
    asJpeg,
  };
}

/** Resize the object `input` to `width` (never enlarging) into `key`, through a scratch file; once at a time per key. */
function make(storage: FileStore, input: string, key: string, width: number, asJpeg: boolean): Promise<void> {
  const pending = making.get(key);
  if (pending) return pending;
  const job = (async () => {
    const temp = path.join(storage.scratch, `thumb-${randomUUID()}`);
    try {
      await storage.withFile(input, async (file) => {
        const image = sharp(file, { limitInputPixels: LIMITS.imageMaxPixels }).resize({
          width,
          withoutEnlargement: true,
        });
        await (asJpeg ? image.jpeg({ quality: 82 }) : image.png()).toFile(temp);
      });
      await storage.putFile(key, temp, asJpeg ? 'image/jpeg' : 'image/png');
    } finally {
      await rm(temp, { force: true });
    }
  })().finally(() => making.delete(key));
  making.set(key, job);
  return job;
}

/** The thumbnail of `source` for a requested width `w`: from the store, else made (see above). */
export async function thumbnail(storage: FileStore, source: Source, w: number): Promise<Thumbnail> {
  const width = thumbWidth(w);
  const target = thumbOf(source, width);
  if (await storage.head(target.key)) return { key: target.key, mime: target.mime, width, cached: true };
  let input = source.key;
  if (width < LARGEST && (source.width ?? Infinity) > LARGEST) {
    // Decode the large original once, into the largest thumbnail; smaller ones come from it.
    const base = thumbOf(source, LARGEST);
    if (!(await storage.head(base.key))) await make(storage, input, base.key, LARGEST, base.asJpeg);
    input = base.key;
  }
  await make(storage, input, target.key, width, target.asJpeg);
  return { key: target.key, mime: target.mime, width, cached: false };
}
