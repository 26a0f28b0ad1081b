import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * React and React DOM are loaded by every page, the router by every page but the login page (which
 * is plain React: see src/main.tsx): two long-cached chunks. Everything else
 * (Chakra, Ark, zag, the contract) is split by the bundler along the pages that use it, so a page
 * downloads only the components it renders: the login page does not load the menu, drawer, date
 * picker or table machinery of the screens behind it. (One chunk for all of Chakra used to put
 * every component of every screen in the first load of each page.)
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  {
    name: 'router',
    test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
    priority: 30,
  },
];

export default defineConfig({
  plugins: [react()],
  server: { port: 8080, host: '127.0.0.1', strictPort: true },
  preview: { port: 8080, host: '127.0.0.1' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bench (tests/bench) reads it to size each route's chunk and its whole first load.
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Pure functions over the shared contract: one import of it for all the files.
    isolate: false,
  },
});
