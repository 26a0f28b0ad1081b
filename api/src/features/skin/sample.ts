import { SKIN_IMAGES, SKIN_LIMITS, SKIN_SAMPLE_PATH } from '@toy/shared';
import sharp from 'sharp';
import { storedZip } from '../../lib/zip.js';

export { SKIN_SAMPLE_PATH };

/** A transparent PNG of the slot's size with a dashed frame (the avatar widget's centre left clear). */
async function samplePng(width: number, height: number, ring: boolean): Promise<Buffer> {
  const inner = SKIN_LIMITS.avatarCentre;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect x="2" y="2" width="${width - 4}" height="${height - 4}" fill="none" stroke="#8866AA" stroke-width="4" stroke-dasharray="16 8"/>
${ring ? `<circle cx="${width / 2}" cy="${height / 2}" r="${(width + inner) / 4}" fill="none" stroke="#8866AA" stroke-width="${(width - inner) / 2}" stroke-opacity="0.35"/>` : ''}
<text x="${width / 2}" y="${height / 2}" font-size="${Math.max(12, Math.round(Math.min(width, height) / 10))}" text-anchor="middle" fill="#8866AA" font-family="sans-serif">${width}x${height}</text>
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
