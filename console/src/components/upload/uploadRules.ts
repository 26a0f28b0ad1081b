import { isXlsxName, LIMITS, messages, UPLOAD_KINDS, type UploadKind } from '@toy/shared';

/** Pure checks of the shared upload rules (spec 01 §5 "Uploads (shared)"), unit-tested. */

export const DEFAULT_IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'gif'] as const;

export const extOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

/** Type by extension against `accept` (e.g. ['png','jpg']); '暂不支持此类文件上传' otherwise. */
export function checkType(name: string, accept: readonly string[]): string | null {
  return accept.map((a) => a.toLowerCase().replace(/^\./, '')).includes(extOf(name))
    ? null
    : messages.upload.unsupported;
}

/** A spreadsheet: exactly one dot and .xlsx (spec 02 §5 bulk import; the API checks it too). */
export function checkXlsx(name: string): string | null {
  return isXlsxName(name) ? null : messages.upload.unsupported;
}

/** Too many files: '本次选择了 N 个文件，共选择了 M 个文件,超出最大上传限制'. */
export function checkCount(selected: number, existing: number, limit: number): string | null {
  const total = existing + selected;
  return total > limit ? messages.upload.tooMany(selected, total) : null;
}

export interface SizeRule {
  width?: number;
  height?: number;
  minWidth?: number;
  minHeight?: number;
}

/** The pixel bound of every image (the server refuses more), then exact ('请上传W*Hpx图片') or minimum size. */
export function checkDimensions(actual: { width: number; height: number }, rule: SizeRule): string | null {
  if (actual.width * actual.height > LIMITS.imageMaxPixels) return messages.upload.tooManyPixels(LIMITS.imageMaxPixels);
  if (rule.width && rule.height && (actual.width !== rule.width || actual.height !== rule.height)) {
    return messages.upload.imageSize(rule.width, rule.height);
  }
  if ((rule.minWidth && actual.width < rule.minWidth) || (rule.minHeight && actual.height < rule.minHeight)) {
    return messages.upload.imageMinSize(rule.minWidth ?? 0, rule.minHeight ?? 0);
  }
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)}MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)}KB`;
  return `${bytes}B`;
}

export function checkSize(size: number, maxSize: number | undefined): string | null {
  return maxSize && size > maxSize ? messages.upload.tooLarge(formatBytes(maxSize)) : null;
}

/** The bytes of an upload kind (UPLOAD_KINDS), said with the kind's own message where it has one. */
export function checkKindSize(size: number, kind: UploadKind, maxSize = UPLOAD_KINDS[kind].maxBytes): string | null {
  const rule = UPLOAD_KINDS[kind];
  if (size <= maxSize) return null;
  return 'tooLarge' in rule && maxSize === rule.maxBytes ? rule.tooLarge : checkSize(size, maxSize);
}

/** A unique storage key: `<prefix>/<yyyyMM>/<uuid>.<ext>`. */
export function makeKey(fileName: string, prefix = 'img', now = new Date(), uuid: () => string = randomUuid): string {
  const month = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}`;
  const ext = extOf(fileName).replace(/[^a-z0-9]/g, '') || 'bin';
  return `${prefix}/${month}/${uuid()}.${ext}`;
}

function randomUuid(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
