// The order browser files start in. Two workers take files from one queue, so a long file that
// starts last makes the run wait for it alone: the longest files start first (measured on an idle
// 2-core machine, seconds), then vitest's own order (the last run's durations, else file size). The
// venue-screen files (WebGL on a software renderer) are spaced so that no two run at once. The soak
// (display-soak.test.ts), which counts textures and listeners, starts after all of them, beside small
// console files only: those are queued after it, so one worker runs the soak while the other takes
// them, and the run does not end on the soak alone.
import { BaseSequencer } from 'vitest/node';
import { rankedSequencer } from '../../scripts/test-order.mjs';

export const LONGEST_FIRST = [
  'display-venue.test.ts', // 286
  'phone.test.ts', // 149
  'gacha.test.ts', // 87
  'kuji-detail.test.ts', // 76
  'dashboard.test.ts', // 75
  'display.test.ts', // 219
  'blind-box-record.test.ts', // 67
  'blind-box-release.test.ts', // 51
  'kuji.test.ts', // 51
  'coupon.test.ts', // 47
  'collectible.test.ts', // 47
];

export const SOAK = 'display-soak.test.ts'; // 50
/** Small console files (under 13 s each), queued after the soak to run beside it. */
export const BESIDE_THE_SOAK = [
  'tables.test.ts',
  'layout.test.ts',
  'accessibility.test.ts',
  'freight.test.ts',
  'scratch.test.ts',
  'exchange-method.test.ts',
  'warehouse.test.ts',
  'compose-rule.test.ts',
  'waybill.test.ts',
  'upload.test.ts',
  'market-link.test.ts',
  'supervise.test.ts',
  'console-address.test.ts',
];

/** Longest first; then the rest; then the soak; then the small files that run beside it. */
const rank = (file: string) => {
  const first = LONGEST_FIRST.indexOf(file);
  if (first >= 0) return first;
  if (file === SOAK) return LONGEST_FIRST.length + 1;
  const beside = BESIDE_THE_SOAK.indexOf(file);
  return beside >= 0 ? LONGEST_FIRST.length + 2 + beside : LONGEST_FIRST.length;
};

export const LongestFirst = rankedSequencer(BaseSequencer, rank);
