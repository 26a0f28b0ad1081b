import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS } from '@toy/shared';
import sharp from 'sharp';
import type { StorageDirs } from '../../http/types.js';

/**
 * Thumbnails (`/files/<key>?w=`), made once per width and kept on disk under `.thumbs/<w>/`,
 * beside the uploads. A decode is what costs (a 40-megapixel image takes most of a second and
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
  file: string;
  mime: string;
  width: number;
  /** True when it was on disk already: no image was decoded for this request. */
  cached: boolean;
}

interface Source {
  key: string;
  mime: string;
  /** The original's width, when stored (uploads.width). */
  width: number | null;
}

const making = new Map<string, Promise<void>>();

/** The file of a thumbnail: JPEG for JPEG originals, PNG for PNG and GIF. */
function fileOf(storage: StorageDirs, source: Source, width: number) {
  const asJpeg = source.mime === 'image/jpeg';
  return {
    file: path.join(storage.thumbs, String(width), `${source.key}.${asJpeg ? 'jpg' : 'png'}`),
    mime: asJpeg ? 'image/jpeg' : 'image/png',
    asJpeg,
  };
}

const exists = async (file: string) => Boolean(await stat(file).catch(() => null));

/** Resize `input` to `width` (never enlarging) into `file`, through a temp file; once at a time per file. */
function make(storage: StorageDirs, input: string, file: string, width: number, asJpeg: boolean): Promise<void> {
  const pending = making.get(file);
  if (pending) return pending;
  const job = (async () => {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = path.join(storage.tmp, `thumb-${randomUUID()}`);
    try {
      const image = sharp(input, { limitInputPixels: LIMITS.imageMaxPixels }).resize({
        width,
        withoutEnlargement: true,
      });
      await (asJpeg ? image.jpeg({ quality: 82 }) : image.png()).toFile(temp);
      await rename(temp, file);
    } finally {
      await rm(temp, { force: true });
    }
  })().finally(() => making.delete(file));
  making.set(file, job);
  return job;
}

/** The thumbnail of `source` for a requested width `w`: from the disk, else made (see above). */
export async function thumbnail(storage: StorageDirs, source: Source, w: number): Promise<Thumbnail> {
  const width = thumbWidth(w);
  const target = fileOf(storage, source, width);
  if (await exists(target.file)) return { file: target.file, mime: target.mime, width, cached: true };
  let input = path.join(storage.root, source.key);
  if (width < LARGEST && (source.width ?? Infinity) > LARGEST) {
    // Decode the large original once, into the largest thumbnail; smaller ones come from it.
    const base = fileOf(storage, source, LARGEST);
    if (!(await exists(base.file))) await make(storage, input, base.file, LARGEST, base.asJpeg);
    input = base.file;
  }
  await make(storage, input, target.file, width, target.asJpeg);
  return { file: target.file, mime: target.mime, width, cached: false };
}
