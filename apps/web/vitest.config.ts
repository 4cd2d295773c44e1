import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    css: false,
    // Files share one module graph and one document per worker (decision 034): 64 s → 19 s alone. The setup
    // file empties the page after each test; module state that must not leak belongs to a component.
    isolate: false,
    // Lazy routes are transformed on first import; a busy machine needs headroom.
    testTimeout: 20_000,
  },
});
