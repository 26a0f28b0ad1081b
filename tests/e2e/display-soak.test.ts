// A short soak in CI (DISPLAY_SOAK_CYCLES, default 60 page turns at 25× speed); `npm run bench --
// display` runs a long one and prints the curves.
import { describe, expect, it } from 'vitest';
import { hasBrowser } from '../support/browser.js';
import { runSoak } from './display-soak.js';

const CYCLES = Number(process.env.DISPLAY_SOAK_CYCLES ?? 60);

describe.skipIf(!hasBrowser)('venue display soak', () => {
  it(`${CYCLES} carousel pages at 0.2 s with mode and overlay changes: textures back to baseline ±2, no listener growth`, async () => {
    const result = await runSoak({ cycles: CYCLES, excursionEvery: 10 });
    for (const s of result.samples) {
      expect(Math.abs(s.textures - result.baseline.textures), `textures at cycle ${s.cycle}`).toBeLessThanOrEqual(2);
      // One frame callback may be in flight when a sample is taken; anything more is growth.
      expect(s.listeners, `listeners at cycle ${s.cycle}`).toBeLessThanOrEqual(result.baseline.listeners + 1);
    }
    // No upward trend: the last quarter's listeners never exceed the first quarter's.
    const quarter = Math.max(1, Math.floor(CYCLES / 4));
    const max = (xs: { listeners: number }[]) => Math.max(...xs.map((x) => x.listeners));
    expect(max(result.samples.slice(-quarter))).toBeLessThanOrEqual(max(result.samples.slice(0, quarter)));
    expect(result.samples).toHaveLength(CYCLES);
  }, 600_000);
});
