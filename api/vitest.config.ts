import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { longest } from '../scripts/patience.mjs';
import { ENGINE_TESTS } from './test/engine-tests';
import { LONGEST_FIRST, LongestFirst } from './test/sequencer';

const missing = [...ENGINE_TESTS, ...LONGEST_FIRST].filter((f) => !existsSync(new URL(`./test/${f}`, import.meta.url)));
if (missing.length)
  throw new Error(`test/engine-tests.ts or test/sequencer.ts names files that do not exist: ${missing.join(', ')}`);

// Limits catch a hang; they do not time the work. They are read once, when the run starts, and the
// machine may get much busier while it runs: each allows the most patience (scripts/patience.mjs).
export default defineConfig({
  test: {
    // API_TESTS=engine: only the files that depend on the engine (test/engine-tests.ts), for CI's
    // second pass on the other engine (`npm test` runs on PostgreSQL when one answers, else PGlite).
    include: process.env.API_TESTS === 'engine' ? ENGINE_TESTS.map((f) => `test/${f}`) : ['test/**/*.test.ts'],
    // Migrate and seed once; each file copies the result (test/global-setup.ts). TEST_STORAGE=s3:
    // every file stores its files in an S3-protocol server started for the run (test/global-s3.ts).
    globalSetup: ['test/global-setup.ts', 'test/global-s3.ts'],
    // A worker imports the app once for all its files instead of once per file; each file still
    // builds its own app and database (setup.ts resets what is one per file).
    isolate: false,
    setupFiles: ['test/setup.ts'],
    // Two files at a time, one per core: each file has its own app and database (PGlite in memory, or
    // a PostgreSQL database of its own), so files cannot see each other's rows.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    testTimeout: longest(120_000),
    hookTimeout: longest(120_000),
  },
});
