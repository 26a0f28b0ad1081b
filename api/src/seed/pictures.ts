import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client.js';
import { uploads } from '../db/schema.js';
import type { FileStore } from '../storage/store.js';

const PALETTES: [string, string][] = [
  ['#8b6cff', '#ff7ab6'],
  ['#36d1dc', '#5b86e5'],
  ['#f7971e', '#ffd200'],
  ['#11998e', '#38ef7d'],
  ['#fc5c7d', '#6a82fb'],
  ['#ee0979', '#ff6a00'],
  ['#00c6ff', '#0072ff'],
  ['#f953c6', '#b91d73'],
  ['#43cea2', '#185a9d'],
  ['#ff9a9e', '#fad0c4'],
];

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 2);

/** A 300×300 PNG: a diagonal gradient, a soft circle, the initials and the name. */
export function brandPicture(name: string, index: number): Promise<Buffer> {
  const [from, to] = PALETTES[index % PALETTES.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
  </linearGradient></defs>
  <rect width="300" height="300" fill="url(#g)"/>
  <circle cx="150" cy="135" r="88" fill="#ffffff" fill-opacity="0.18"/>
  <circle cx="245" cy="55" r="26" fill="#ffffff" fill-opacity="0.12"/>
  <text x="150" y="168" font-family="DejaVu Sans, sans-serif" font-size="92" font-weight="700" text-anchor="middle" fill="#ffffff">${escapeXml(initialsOf(name))}</text>
  <text x="150" y="262" font-family="DejaVu Sans, sans-serif" font-size="22" text-anchor="middle" fill="#ffffff" fill-opacity="0.92">${escapeXml(name)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Store a generated picture under `key` once (file and uploads row); later runs skip it. */
export async function ensurePicture(db: Db, storage: FileStore, key: string, name: string, index: number) {
  const [row] = await db.select({ key: uploads.key }).from(uploads).where(eq(uploads.key, key)).limit(1);
  if (row && (await storage.head(key))) return;
  const png = await brandPicture(name, index);
  await storage.put(key, png, 'image/png');
  const hash = createHash('sha256').update(png).digest('hex');
  await db
    .insert(uploads)
    .values({ key, kind: 'image', mime: 'image/png', size: png.length, width: 300, height: 300, hash })
    .onConflictDoUpdate({ target: uploads.key, set: { size: png.length, hash } });
}
