import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The files share one import of the contract instead of one each (pure functions and tables:
    // nothing of one file's state reaches another). Most of this suite's time was importing.
    isolate: false,
  },
});
