import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/** Write a real PNG of the given pixel size and give its path, for upload tests. */
export async function pngFile(width: number, height: number, name = `img-${width}x${height}.png`): Promise<string> {
  const dir = join(tmpdir(), 'toy-fixtures');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  await sharp({ create: { width, height, channels: 3, background: { r: 230, g: 90, b: 120 } } })
    .png()
    .toFile(path);
  return path;
}
