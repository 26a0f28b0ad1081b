// The order the API test files start in. Two workers take files from one queue, so a long file that
// starts last makes the run wait for it alone: the longest files start first (seconds on an idle
// 2-core machine), then vitest's own order (the last run's durations, else file size).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const LONGEST_FIRST = [
  'production-mode.test.ts', // 15
  'draw-simulate.test.ts', // 14
  'verify-draws-cli.test.ts', // 14
  'draw-settlement.test.ts', // 12
  'fuzz.test.ts', // 11
  'order-simulate.test.ts', // 9
  'jobs-fair.test.ts', // 8
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
