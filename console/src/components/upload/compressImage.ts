import { LIMITS } from '@toy/shared';

/**
 * Spec 01 §9 "Image compression quality 0.7": a JPEG is encoded again at quality 0.7, same pixel
 * size, and sent only when that is smaller. PNG (transparency) and GIF (animation) are sent as
 * chosen. A browser that cannot decode or encode keeps the original.
 */
export async function compressImage(file: File, quality: number = LIMITS.imageCompressionQuality): Promise<File> {
  if (!/^image\/jpe?g$/i.test(file.type) && !/\.jpe?g$/i.test(file.name)) return file;
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], file.name, { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  }
}

/**
 * The `area` (pixels of `src`) drawn into a `width` × `height` picture: a crop step (the avatar's,
 * an exact-size image slot's). A JPEG stays a JPEG (compressImage encodes it again); anything else
 * becomes a PNG, which keeps transparency.
 */
export async function cropTo(
  src: string,
  area: { x: number; y: number; width: number; height: number },
  size: { width: number; height: number },
  name: string,
): Promise<File> {
  const img = new Image();
  img.src = src;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d')!;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  const jpeg = /\.jpe?g$/i.test(name);
  const type = jpeg ? 'image/jpeg' : 'image/png';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, jpeg ? 0.92 : undefined));
  if (!blob) throw new Error('crop failed');
  const base = name.replace(/\.[^.]+$/, '') || 'image';
  return new File([blob], jpeg ? name : `${base}.png`, { type });
}
