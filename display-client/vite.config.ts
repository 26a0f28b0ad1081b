import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Two pages: the screens (one bundle for /screen_md and /extend*) and the control page. The hub
 * serves both on 8764; it maps the screen routes to index.html and /control to control.html.
 */
export default defineConfig({
  resolve: {
    // Only the display part of the contract: the screens do not carry the console's schemas.
    alias: { '@toy/shared/display': here('../shared/src/display/index.ts') },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      input: { index: here('index.html'), control: here('control.html') },
    },
  },
  test: { environment: 'node', include: ['test/**/*.test.ts'] },
});
