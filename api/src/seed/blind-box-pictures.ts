import { createHash } from 'node:crypto';
import { like } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client.js';
import { uploads } from '../db/schema.js';
import type { FileStore } from '../storage/store.js';

/** Generated demo pictures for blind-box records: figures, banners, box cards, packs and details. */

export type PictureKind = 'figure' | 'banner' | 'box' | 'pack' | 'detail';

export interface PictureSpec {
  key: string;
  kind: PictureKind;
  width: number;
  height: number;
  /** Big caption. */
  title: string;
  /** Small caption. */
  subtitle?: string;
  /** Palette index. */
  tone: number;
  /** Hidden styles get a golden glow. */
  hidden?: boolean;
}

const TONES: [string, string, string][] = [
  ['#a18cff', '#ff9acb', '#fff4fb'],
  ['#5ec8f2', '#7b8cff', '#f0f8ff'],
  ['#ffb347', '#ff7e79', '#fff7ec'],
  ['#5fd3a5', '#3aa0c8', '#effcf6'],
  ['#ff8fb1', '#b388ff', '#fff0f6'],
  ['#7fd6ff', '#a5f0c5', '#f2fffb'],
  ['#f6a1ff', '#8fa8ff', '#fbf2ff'],
  ['#ffd36e', '#ff9a62', '#fffaf0'],
];

const esc = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const FONT = 'Noto Sans CJK SC, DejaVu Sans, sans-serif';

/** A round little figure centred at (cx, cy) with radius r. */
function figure(cx: number, cy: number, r: number, color: string, hidden = false): string {
  const ear = r * 0.38;
  const eye = r * 0.11;
  return `<g>
  ${hidden ? `<circle cx="${cx}" cy="${cy}" r="${r * 1.32}" fill="#ffd84d" fill-opacity="0.45"/>` : ''}
  <ellipse cx="${cx}" cy="${cy + r * 1.05}" rx="${r * 0.75}" ry="${r * 0.55}" fill="${color}"/>
  <circle cx="${cx - r * 0.62}" cy="${cy - r * 0.72}" r="${ear}" fill="${color}"/>
  <circle cx="${cx + r * 0.62}" cy="${cy - r * 0.72}" r="${ear}" fill="${color}"/>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="#fffaf5"/>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${color}" stroke-width="${r * 0.08}"/>
  <circle cx="${cx - r * 0.35}" cy="${cy - r * 0.05}" r="${eye}" fill="#3b2f4a"/>
  <circle cx="${cx + r * 0.35}" cy="${cy - r * 0.05}" r="${eye}" fill="#3b2f4a"/>
  <ellipse cx="${cx - r * 0.55}" cy="${cy + r * 0.25}" rx="${r * 0.15}" ry="${r * 0.09}" fill="#ff9fb8" fill-opacity="0.8"/>
  <ellipse cx="${cx + r * 0.55}" cy="${cy + r * 0.25}" rx="${r * 0.15}" ry="${r * 0.09}" fill="#ff9fb8" fill-opacity="0.8"/>
  <path d="M ${cx - r * 0.15} ${cy + r * 0.28} Q ${cx} ${cy + r * 0.42} ${cx + r * 0.15} ${cy + r * 0.28}" stroke="#3b2f4a" stroke-width="${r * 0.05}" fill="none" stroke-linecap="round"/>
  ${hidden ? `<text x="${cx}" y="${cy - r * 1.12}" font-family="${FONT}" font-size="${r * 0.36}" text-anchor="middle" fill="#b8860b">★</text>` : ''}
</g>`;
}

function svgOf(p: PictureSpec): string {
  const [from, to, paper] = TONES[p.tone % TONES.length]!;
  const { width: w, height: h } = p;
  const bg = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;
  const caption = (y: number, size: number, text: string, color = '#ffffff', weight = 700) =>
    `<text x="${w / 2}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" text-anchor="middle" fill="${color}">${esc(text)}</text>`;
  let body = '';
  if (p.kind === 'figure') {
    body = `<rect width="${w}" height="${h}" fill="url(#g)"/>
      <circle cx="${w * 0.85}" cy="${h * 0.15}" r="${w * 0.12}" fill="#fff" fill-opacity="0.15"/>
      ${figure(w / 2, h * 0.4, w * 0.2, from, p.hidden)}
      ${caption(h * 0.86, w * 0.075, p.title)}
      ${p.subtitle ? caption(h * 0.94, w * 0.045, p.subtitle, '#ffffff', 400) : ''}`;
  } else if (p.kind === 'banner') {
    const figs = [0.18, 0.34, 0.66, 0.82]
      .map((x, i) => figure(w * x, h * (i % 2 ? 0.62 : 0.55), h * 0.12, TONES[(p.tone + i + 1) % TONES.length]![0]))
      .join('');
    body = `<rect width="${w}" height="${h}" fill="url(#g)"/>
      <circle cx="${w * 0.5}" cy="${h * 1.1}" r="${h * 0.7}" fill="#fff" fill-opacity="0.12"/>
      ${figure(w / 2, h * 0.5, h * 0.16, to, true)}${figs}
      ${caption(h * 0.18, h * 0.09, p.title)}
      ${p.subtitle ? caption(h * 0.93, h * 0.05, p.subtitle, '#ffffff', 400) : ''}`;
  } else if (p.kind === 'box') {
    body = `<rect width="${w}" height="${h}" fill="${paper}"/>
      <rect x="${w * 0.12}" y="${h * 0.1}" width="${w * 0.76}" height="${h * 0.8}" rx="${w * 0.05}" fill="url(#g)"/>
      <rect x="${w * 0.12}" y="${h * 0.1}" width="${w * 0.76}" height="${h * 0.12}" rx="${w * 0.05}" fill="#ffffff" fill-opacity="0.35"/>
      ${figure(w / 2, h * 0.5, w * 0.15, '#ffffff')}
      ${caption(h * 0.82, w * 0.07, p.title)}`;
  } else if (p.kind === 'pack') {
    body = `<rect width="${w}" height="${h}" fill="${paper}"/>
      <path d="M ${w * 0.2} ${h * 0.12} L ${w * 0.8} ${h * 0.12} L ${w * 0.84} ${h * 0.88} L ${w * 0.16} ${h * 0.88} Z" fill="url(#g)"/>
      <path d="M ${w * 0.2} ${h * 0.12} L ${w * 0.8} ${h * 0.12} L ${w * 0.8} ${h * 0.18} L ${w * 0.2} ${h * 0.18} Z" fill="#ffffff" fill-opacity="0.5"/>
      <circle cx="${w / 2}" cy="${h * 0.46}" r="${w * 0.18}" fill="#ffffff" fill-opacity="0.3"/>
      ${caption(h * 0.5, w * 0.12, '?')}
      ${caption(h * 0.74, w * 0.055, p.title)}`;
  } else {
    const lines = [p.subtitle ?? '', '尺寸约 6-9 cm · 材质 PVC/ABS', '随机发货 · 请勿拆封后退换'];
    body = `<rect width="${w}" height="${h}" fill="${paper}"/>
      <rect x="0" y="0" width="${w}" height="${h * 0.45}" fill="url(#g)"/>
      ${figure(w / 2, h * 0.22, w * 0.13, '#ffffff')}
      ${caption(h * 0.56, w * 0.06, p.title, '#3b2f4a')}
      ${lines.map((l, i) => caption(h * (0.66 + i * 0.07), w * 0.04, l, '#6b6480', 400)).join('')}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${bg}${body}</svg>`;
}

/** Render and store each picture once (file and uploads row); later runs skip existing ones. */
export async function ensurePictures(db: Db, storage: FileStore, specs: PictureSpec[]): Promise<void> {
  const existing = new Set(
    (await db.select({ key: uploads.key }).from(uploads).where(like(uploads.key, 'seed/bb/%'))).map((r) => r.key),
  );
  const stored = new Set<string>();
  for await (const o of storage.list('seed/bb/')) stored.add(o.key);
  const missing = specs.filter((p) => !existing.has(p.key) || !stored.has(p.key));
  const rendered = await Promise.all(
    missing.map(async (p) => ({
      p,
      png: await sharp(Buffer.from(svgOf(p)))
        .png({ compressionLevel: 6 })
        .toBuffer(),
    })),
  );
  for (const { p, png } of rendered) {
    await storage.put(p.key, png, 'image/png');
    const hash = createHash('sha256').update(png).digest('hex');
    await db
      .insert(uploads)
      .values({
        key: p.key,
        kind: 'image',
        mime: 'image/png',
        size: png.length,
        width: p.width,
        height: p.height,
        hash,
      })
      .onConflictDoUpdate({ target: uploads.key, set: { size: png.length, hash, width: p.width, height: p.height } });
  }
}
