import { defineConfig } from 'vitest/config';
import { longest } from '../scripts/patience.mjs';

// Limits catch a hang; they do not time the work. Read once as the run starts, they allow the most
// patience (scripts/patience.mjs).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Real sockets and a child hub process: one file at a time on these small machines.
    fileParallelism: false,
    // One import of the hub's modules for all the files; each file starts its own hub.
    isolate: false,
    testTimeout: longest(30_000),
    hookTimeout: longest(30_000),
  },
});
