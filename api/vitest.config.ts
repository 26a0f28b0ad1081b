import { defineConfig } from 'vitest/config';
import { scaled } from '../scripts/patience.mjs';

// Limits catch a hang; they do not time the work. They are read once, when the run starts, and the
// machine may get busier while it runs: generous limits, longer still on a busy machine
// (scripts/patience.mjs).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: scaled(120_000),
    hookTimeout: scaled(120_000),
  },
});
