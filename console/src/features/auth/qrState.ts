/** QR login timing (spec 01 §4): expired once now (unix seconds) reaches expire_time. */
export function isQrExpired(expireTime: number | undefined, nowMs: number = Date.now()): boolean {
  if (expireTime === undefined) return false;
  return Math.floor(nowMs / 1000) >= expireTime;
}

/** Seconds left before the QR expires (never negative). */
export function qrSecondsLeft(expireTime: number, nowMs: number = Date.now()): number {
  return Math.max(0, expireTime - Math.floor(nowMs / 1000));
}
