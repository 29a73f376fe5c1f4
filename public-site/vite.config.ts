import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Built into public-site/dist; the backend serves it at every path that is not
// /api, /admin, /login or /uploads (SPA fallback to index.html).
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    // Phones on slow networks: keep the landing chunk lean, let dialogs load on demand.
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
