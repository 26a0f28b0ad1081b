import { describe, expect, it } from 'vitest';
import { isQrExpired, qrSecondsLeft } from './qrState';

describe('QR expiry', () => {
  it('expires when now reaches expire_time', () => {
    expect(isQrExpired(100, 99_999)).toBe(false);
    expect(isQrExpired(100, 100_000)).toBe(true);
    expect(isQrExpired(100, 150_000)).toBe(true);
    expect(isQrExpired(undefined, 150_000)).toBe(false);
  });
  it('counts seconds left', () => {
    expect(qrSecondsLeft(100, 40_000)).toBe(60);
    expect(qrSecondsLeft(100, 400_000)).toBe(0);
  });
});
