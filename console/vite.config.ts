import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Vendor groups: libraries shared by every route stay out of the route chunks. */
const vendorGroups = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
    priority: 30,
  },
  {
    name: 'chakra',
    test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@swc|stylis|hoist-non-react-statics|proxy-compare|@pandacss)[\\/]/,
    priority: 20,
  },
  { name: 'vendor', test: /node_modules[\\/](axios|swr|zod|@noble|use-sync-external-store|dequal)[\\/]/, priority: 10 },
];

export default defineConfig({
  plugins: [react()],
  server: { port: 8080, host: '127.0.0.1', strictPort: true },
  preview: { port: 8080, host: '127.0.0.1' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bench (tests/bench) reads it to size each route chunk.
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
  },
});
