import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { entryFiles, staticClosure } from '../scripts/chunk-graph';

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

/**
 * Writes dist/pages.json: each lazy page module (src/pages/<name>.tsx) and the chunks it imports
 * that the first script does not, by page name. The server names them in the page of a route
 * that is a page of its own (`<link rel="modulepreload">`, backend site-page.ts; isFullPage and
 * ROUTE_PAGES in @campaign/domain), so a visitor who arrives on /fairness does not wait for the
 * first script before asking for the page's; the bench reads it for each route's size.
 */
function pageChunks(): Plugin {
  return {
    name: 'campaign:page-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const first = entryFiles(bundle);
      const pages: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        const name = chunk.type === 'chunk' && chunk.isDynamicEntry && /\/src\/pages\/(\w+)\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
        if (name) pages[name] = staticClosure(bundle, [chunk.fileName], first).map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: 'pages.json', source: JSON.stringify(pages, null, 2) });
    },
  };
}

// Built into public-site/dist; the backend serves it at every path that is not
// /api, /admin, /login or /uploads (SPA fallback to index.html).
export default defineConfig({
  base: '/',
  plugins: [react(), inlineCss(), pageChunks()],
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
