/** See test-order.mjs. */
import type { BaseSequencer } from 'vitest/node';
export declare function rankedSequencer(
  base: typeof BaseSequencer,
  rank: (fileName: string) => number,
): typeof BaseSequencer;
export declare const firstOf: (names: readonly string[]) => (fileName: string) => number;
