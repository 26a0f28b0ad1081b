// A short soak in CI (DISPLAY_SOAK_CYCLES, default 24 page turns at 25× speed, two mode and overlay excursions); `npm run bench --
// display` runs a long one and prints the curves.
import { describe, expect, it } from 'vitest';
import { hasBrowser } from '../support/browser.js';
import { scaled } from '../support/patience.js';
import { runSoak } from './display-soak.js';

const CYCLES = Number(process.env.DISPLAY_SOAK_CYCLES ?? 24);

describe.skipIf(!hasBrowser)('venue display soak', () => {
  it(
    `${CYCLES} carousel pages at 0.2 s with mode and overlay changes: textures back to baseline ±2, no listener growth`,
    async () => {
      const result = await runSoak({ cycles: CYCLES, excursionEvery: 10 });
      for (const s of result.samples) {
        expect(Math.abs(s.textures - result.baseline.textures), `textures at cycle ${s.cycle}`).toBeLessThanOrEqual(2);
        // One frame callback may be in flight when a sample is taken; anything more is growth.
        expect(s.listeners, `listeners at cycle ${s.cycle}`).toBeLessThanOrEqual(result.baseline.listeners + 1);
      }
      // No upward trend: the last quarter's floor never rises above the first quarter's. The floor,
      // not the peak, since a frame callback in flight adds one to any single sample.
      const quarter = Math.max(1, Math.floor(CYCLES / 4));
      const floor = (xs: { listeners: number }[]) => Math.min(...xs.map((x) => x.listeners));
      expect(floor(result.samples.slice(-quarter))).toBeLessThanOrEqual(floor(result.samples.slice(0, quarter)));
      expect(result.samples).toHaveLength(CYCLES);
    },
    scaled(600_000),
  );

  it(
    'on a renderer slow enough that every frame starts a new fade, page turns are still counted',
    async () => {
      // At 25× speed and ~2 frames a second, one frame finishes a fade and starts the next: the
      // carousel is fading whenever it is looked at. The soak waits for finished turns, not for a pause.
      const result = await runSoak({ cycles: 5, excursionEvery: 100, cpuThrottle: 40, warmupRotations: 0 });
      expect(result.samples.map((s) => s.cycle)).toEqual([1, 2, 3, 4, 5]);
    },
    scaled(300_000),
  );

  it(
    'pictures that arrive after their page has turned are not counted as growth',
    async () => {
      // Each picture takes 4 s, longer than the warm-up's two rotations: the baseline waits until
      // nothing is loading and a rotation adds no texture.
      const result = await runSoak({ cycles: 8, excursionEvery: 100, pictureDelayMs: 4000 });
      for (const s of result.samples)
        expect(Math.abs(s.textures - result.baseline.textures), `textures at cycle ${s.cycle}`).toBeLessThanOrEqual(2);
    },
    scaled(300_000),
  );
});
