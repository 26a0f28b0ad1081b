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

/** The `area` (pixels of `src`) drawn into a `size` × `size` PNG: the avatar's crop step. */
export async function cropToSquare(
  src: string,
  area: { x: number; y: number; width: number; height: number },
  size: number,
  name: string,
): Promise<File> {
  const img = new Image();
  img.src = src;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, size, size);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('crop failed');
  return new File([blob], `${name.replace(/\.[^.]+$/, '') || 'avatar'}.png`, { type: 'image/png' });
}
