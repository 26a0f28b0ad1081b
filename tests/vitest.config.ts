import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { longest } from './support/patience.js';
import { BESIDE_THE_SOAK, LONGEST_FIRST, LongestFirst, SOAK } from './support/sequencer.js';

const unknown = [...LONGEST_FIRST, SOAK, ...BESIDE_THE_SOAK].filter(
  (f) => !existsSync(new URL(`./e2e/${f}`, import.meta.url)),
);
if (unknown.length) throw new Error(`support/sequencer.ts names files that do not exist: ${unknown.join(', ')}`);

export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    // Migrate and seed the API's database once; each stack copies it (support/global-setup.ts).
    globalSetup: ['support/global-setup.ts'],
    // A worker imports the API and the helpers once for all its files; each file still starts its
    // own stack and browser.
    isolate: false,
    // One browser and one stack per file (its own ports and data directory); two files at a time,
    // since a browser journey mostly waits on the page.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    // A whole user journey per test: limits catch a hang, they do not time the journey. Read once as
    // the run starts, they allow the most patience (support/patience.ts).
    testTimeout: longest(120_000),
    hookTimeout: longest(120_000),
    // A page under load may take more than a second to show what a poll waits for.
    expect: { poll: { timeout: longest(10_000) } },
  },
});
