// The order browser files start in. Two workers take files from one queue, so a long file that
// starts last makes the run wait for it alone: the longest files start first (measured on an idle
// 2-core machine, seconds), then vitest's own order (the last run's durations, else file size). The
// venue-screen files (WebGL on a software renderer) are spaced so that no two run at once; the
// soak (display-soak.test.ts), which counts textures and listeners, is left to the end of the run,
// where it runs beside the small files.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST_FIRST = [
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

const rank = (spec: TestSpecification) => {
  const i = LONGEST_FIRST.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
  return i < 0 ? LONGEST_FIRST.length : i;
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map((x) => x.spec);
  }
}
