import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Inlines the (small) stylesheet into index.html: one render-blocking request less before the
 * first paint on a slow phone network. The CSP allows inline styles; of inline scripts only the
 * one in index.html, by its hash (the server reads it from the built file).
 */
function inlineCss(): Plugin {
  return {
    name: 'campaign:inline-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      let text = String(html.source);
      for (const [name, file] of Object.entries(bundle)) {
        if (file.type !== 'asset' || !name.endsWith('.css')) continue;
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`);
        if (link.test(text)) text = text.replace(link, () => `<style>${String(file.source).replace(/<\/style/gi, '<\\/style')}</style>`);
      }
      html.source = text;
    },
  };
}

// Built into public-site/dist; the backend serves it at every path that is not
// /api, /admin, /login or /uploads (SPA fallback to index.html).
export default defineConfig({
  base: '/',
  plugins: [react(), inlineCss()],
  // @campaign/domain is compiled from its TypeScript source, like our own files: no build
  // of the shared package first, and only what the app uses ends up in its bundle.
  resolve: { conditions: ['@campaign/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@campaign/source', ...defaultServerConditions] } },
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
