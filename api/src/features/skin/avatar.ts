import { messages, SKIN_IMAGES, SKIN_LIMITS } from '@toy/shared';
import sharp from 'sharp';
import type { Config } from '../../config.js';
import { httpError } from '../../lib/errors.js';
import { keyOfPic } from '../../lib/urls.js';
import type { FileStore } from '../../storage/store.js';

const SLOT = SKIN_IMAGES.find((i) => i.key === 'avatar_widget')!;
/** The most opacity a pixel of the centre may have (soft edges of the ring): out of 255. */
const MAX_CENTRE_ALPHA = 8;

/** Whether a PNG's centre (480×480 of the 600×600 widget) is transparent: where the avatar shows. */
export async function centreIsTransparent(file: string | Buffer): Promise<boolean> {
  const image = sharp(file);
  const meta = await image.metadata();
  if (!meta.hasAlpha || meta.width !== SLOT.width || meta.height !== SLOT.height) return false;
  const inset = (SLOT.width - SKIN_LIMITS.avatarCentre) / 2;
  const { data, info } = await image
    .extract({ left: inset, top: inset, width: SKIN_LIMITS.avatarCentre, height: SKIN_LIMITS.avatarCentre })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = info.channels - 1; i < data.length; i += info.channels) if (data[i]! > MAX_CENTRE_ALPHA) return false;
  return true;
}

/** Spec 03 §3: the avatar widget's centre must be transparent (checked on submit), else 400. */
export async function assertAvatarCentre(storage: FileStore, config: Config, value: string) {
  const key = keyOfPic(config, value);
  if (!key || /^https?:\/\//i.test(key)) throw httpError(400, messages.skin.avatarCentre);
  let ok = false;
  try {
    ok = await centreIsTransparent(await storage.read(key));
  } catch {
    ok = false;
  }
  if (!ok) throw httpError(400, messages.skin.avatarCentre);
}
