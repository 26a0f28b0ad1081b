import { randomBytes } from 'node:crypto';

let snCounter = randomBytes(2).readUInt16BE(0);
/**
 * An order number: the prefix, the time in ms, a counter of this process (so a group of draws in
 * one millisecond never repeats one) and random digits (so API copies do not either).
 */
export const orderSn = (prefix: string) => {
  snCounter = (snCounter + 1) % 100_000;
  const random = randomBytes(4).readUInt32BE(0) % 100_000;
  return `${prefix}${Date.now()}${String(snCounter).padStart(5, '0')}${String(random).padStart(5, '0')}`;
};
