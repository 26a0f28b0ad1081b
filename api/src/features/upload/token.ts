import { UPLOAD_KINDS, type UploadKind } from '@toy/shared';
import { seal, unseal } from '../../lib/seal.js';

/** Limits sealed into an upload token and enforced by POST /storage/upload. */
export interface UploadLimits {
  width?: number;
  height?: number;
  min_width?: number;
  min_height?: number;
  max_size?: number;
}

export interface UploadGrant {
  kind: UploadKind;
  uid: number;
  /** Unix seconds. */
  exp: number;
  limits: UploadLimits;
}

export const UPLOAD_TOKEN_SECONDS = 3600;

const PURPOSE = 'upload:';

/** A stateless upload token: the grant, HMAC-sealed with the app secret, valid for an hour. */
export function issueUploadToken(secret: string, uid: number, kind: UploadKind, limits: UploadLimits = {}) {
  const exp = Math.floor(Date.now() / 1000) + UPLOAD_TOKEN_SECONDS;
  const clean = Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)) as UploadLimits;
  const grant: UploadGrant = { kind, uid, exp, limits: clean };
  return { token: seal(PURPOSE + secret, grant), expire_time: exp };
}

const isLimit = (v: unknown) => v === undefined || (Number.isInteger(v) && (v as number) > 0);

/** The grant of a genuine, unexpired token, else null. */
export function readUploadToken(secret: string, token: string): UploadGrant | null {
  const value = unseal(PURPOSE + secret, token) as Partial<UploadGrant> | null;
  if (!value || typeof value !== 'object') return null;
  const { kind, uid, exp, limits } = value;
  if (typeof kind !== 'string' || !Object.hasOwn(UPLOAD_KINDS, kind)) return null;
  if (typeof uid !== 'number' || typeof exp !== 'number' || exp * 1000 <= Date.now()) return null;
  if (!limits || typeof limits !== 'object' || !Object.values(limits).every(isLimit)) return null;
  return { kind: kind as UploadKind, uid, exp, limits };
}
