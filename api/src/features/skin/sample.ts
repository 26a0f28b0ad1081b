import { SKIN_IMAGES, SKIN_LIMITS, SKIN_SAMPLE_PATH } from '@toy/shared';
import sharp from 'sharp';
import { storedZip } from '../../lib/zip.js';

export { SKIN_SAMPLE_PATH };

/**
 * A transparent PNG of the slot's size with a dashed frame and its size written in the middle. The
 * avatar widget instead keeps all it draws in the band outside its 480×480 centre (a tinted band,
 * its size written at the top), so the sample passes the widget's own rule.
 */
async function samplePng(width: number, height: number, widget: boolean): Promise<Buffer> {
  const band = (width - SKIN_LIMITS.avatarCentre) / 2;
  const size = `${width}x${height}`;
  const body = widget
    ? `<rect x="${band / 2}" y="${band / 2}" width="${width - band}" height="${height - band}" fill="none" stroke="#8866AA" stroke-width="${band - 4}" stroke-opacity="0.35"/>
<text x="${width / 2}" y="${band * 0.7}" font-size="${Math.round(band * 0.5)}" text-anchor="middle" fill="#8866AA" font-family="sans-serif">${size}</text>`
    : `<text x="${width / 2}" y="${height / 2}" font-size="${Math.max(12, Math.round(Math.min(width, height) / 10))}" text-anchor="middle" fill="#8866AA" font-family="sans-serif">${size}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect x="2" y="2" width="${width - 4}" height="${height - 4}" fill="none" stroke="#8866AA" stroke-width="4" stroke-dasharray="16 8"/>
${body}
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

let cached: Promise<Buffer> | undefined;
/** The sample zip, made once per process. */
export function skinSampleZip(): Promise<Buffer> {
  cached ??= Promise.all(
    SKIN_IMAGES.map(async (slot) => ({
      name: `装扮样例/${slot.name}.png`,
      data: await samplePng(slot.width, slot.height, slot.key === 'avatar_widget'),
    })),
  ).then(storedZip);
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}
