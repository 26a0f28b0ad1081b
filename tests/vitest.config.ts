import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    // One browser and one stack per file; files run one after another on these small machines.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page under load may take more than a second to show what a poll waits for.
    expect: { poll: { timeout: 10_000 } },
  },
});
