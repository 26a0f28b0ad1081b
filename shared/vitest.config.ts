import { defineConfig } from 'vitest/config';
import { longest } from '../scripts/patience.mjs';

export default defineConfig({
  test: {
    // The files share one import of the contract instead of one each (pure functions and tables:
    // nothing of one file's state reaches another). Most of this suite's time was importing.
    isolate: false,
    // Limits catch a hang; they do not time the work. Read once as the run starts, they allow the most
    // patience (scripts/patience.mjs).
    testTimeout: longest(10_000),
  },
});
