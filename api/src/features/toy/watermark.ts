import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import type { FileStore } from '../../storage/store.js';

/**
 * The two versions a highlight moment needs of its picture (spec 03 §3): `source`, the picture
 * re-encoded without its metadata, and `watermark`, the picture with the brand's name written over
 * it as a visible, repeated watermark. Both are stored as uploads of the merchant under keys derived
 * from the picture and the brand, so preparing twice makes them once and a save can tell that the
 * versions it is given are the ones made for its picture.
 */
export const MOMENT_PREFIX = 'moments';

export function momentKeys(imageKey: string, ipId: number) {
  const digest = createHash('sha256').update(`${ipId}:${imageKey}`).digest('hex').slice(0, 32);
  return {
    source: `${MOMENT_PREFIX}/${digest}/source`,
    watermark: `${MOMENT_PREFIX}/${digest}/watermark.jpg`,
  };
}

const escapeXml = (value: string) => value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An SVG of the brand's name, repeated diagonally across a `width`×`height` picture. */
export function watermarkSvg(name: string, width: number, height: number): Buffer {
  const size = Math.max(18, Math.round(Math.min(width, height) / 14));
  const stepX = Math.round(size * (name.length + 3) * 0.8);
  const stepY = Math.round(size * 4);
  const label = escapeXml(name);
  const texts: string[] = [];
  for (let y = -height; y < height * 2; y += stepY) {
    for (let x = -width; x < width * 2; x += stepX) {
      texts.push(`<text x="${x}" y="${y}">${label}</text>`);
    }
  }
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <g transform="rotate(-30 ${width / 2} ${height / 2})" font-family="Noto Sans CJK SC, DejaVu Sans, sans-serif"
    font-size="${size}" font-weight="700" fill="#ffffff" fill-opacity="0.42" stroke="#000000" stroke-opacity="0.28"
    stroke-width="${Math.max(1, Math.round(size / 18))}">${texts.join('')}</g>
</svg>`);
}

async function storeFile(
  db: Db,
  storage: FileStore,
  key: string,
  data: Buffer,
  meta: { mime: string; width: number; height: number; userId: number },
) {
  const [row] = await db.select({ key: uploads.key }).from(uploads).where(eq(uploads.key, key)).limit(1);
  if (row && (await storage.head(key))) return;
  await storage.put(key, data, meta.mime);
  await db
    .insert(uploads)
    .values({
      key,
      kind: 'image',
      mime: meta.mime,
      size: data.length,
      width: meta.width,
      height: meta.height,
      hash: createHash('sha256').update(data).digest('hex'),
      userId: meta.userId,
    })
    .onConflictDoNothing();
}

/** Make (once) the source and watermarked versions of the stored picture `imageKey`. */
export async function prepareMoment(
  db: Db,
  storage: FileStore,
  opts: { imageKey: string; mime: string; ipId: number; brandTitle: string; userId: number },
): Promise<{ source: string; watermark: string }> {
  const keys = momentKeys(opts.imageKey, opts.ipId);
  const image = sharp(await storage.read(opts.imageKey), { animated: false }).rotate();
  const asPng = opts.mime !== 'image/jpeg';
  const source = await (asPng ? image.clone().png() : image.clone().jpeg({ quality: 92 })).toBuffer({
    resolveWithObject: true,
  });
  const sourceKey = `${keys.source}.${asPng ? 'png' : 'jpg'}`;
  const { width, height } = source.info;
  await storeFile(db, storage, sourceKey, source.data, {
    mime: asPng ? 'image/png' : 'image/jpeg',
    width,
    height,
    userId: opts.userId,
  });
  const marked = await sharp(source.data)
    .flatten({ background: '#ffffff' })
    .composite([{ input: watermarkSvg(opts.brandTitle || '品牌', width, height), top: 0, left: 0 }])
    .jpeg({ quality: 88 })
    .toBuffer();
  await storeFile(db, storage, keys.watermark, marked, { mime: 'image/jpeg', width, height, userId: opts.userId });
  return { source: sourceKey, watermark: keys.watermark };
}

/** The keys a save must quote for `imageKey`: the source's extension follows the picture's type. */
export const expectedMomentKeys = (imageKey: string, ipId: number, mime: string) => {
  const keys = momentKeys(imageKey, ipId);
  return { source: `${keys.source}.${mime === 'image/jpeg' ? 'jpg' : 'png'}`, watermark: keys.watermark };
};
