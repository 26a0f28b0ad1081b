// The order the API test files start in: the longest first (seconds on an idle 2-core machine), then
// vitest's own order (scripts/test-order.mjs).
import { BaseSequencer } from 'vitest/node';
import { firstOf, rankedSequencer } from '../../scripts/test-order.mjs';

export const LONGEST_FIRST = [
  'production-mode.test.ts', // 15
  'draw-simulate.test.ts', // 14
  'verify-draws-cli.test.ts', // 14
  'draw-settlement.test.ts', // 12
  'fuzz.test.ts', // 11
  'order-simulate.test.ts', // 9
  'jobs-fair.test.ts', // 8
];

export const LongestFirst = rankedSequencer(BaseSequencer, firstOf(LONGEST_FIRST));
