import { defineConfig } from 'vitest/config';
import { scaled } from '../scripts/patience.mjs';

// Limits catch a hang; they do not time the work: a busy machine gets longer (scripts/patience.mjs).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Real sockets and a child hub process: one file at a time on these small machines.
    fileParallelism: false,
    // One import of the hub's modules for all the files; each file starts its own hub.
    isolate: false,
    testTimeout: scaled(30_000),
    hookTimeout: scaled(30_000),
  },
});
