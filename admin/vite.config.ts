import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, type Plugin } from 'vite';

/** In dev, serve the app at /login as the backend does in production. */
const loginAtRoot = (): Plugin => ({
  name: 'login-at-root',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url === '/login' || req.url?.startsWith('/login?')) req.url = '/admin/';
      next();
    });
  },
});

// The backend serves dist/ at /admin/* and dist/index.html at /login too, so every
// asset URL is absolute under /admin/ (the login page at /login loads /admin/assets/...).
export default defineConfig({
  base: '/admin/',
  plugins: [react(), loginAtRoot()],
  // @campaign/domain is compiled from its TypeScript source, like our own files: no build
  // of the shared package first, and only what the app uses ends up in its bundle.
  resolve: { conditions: ['@campaign/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@campaign/source', ...defaultServerConditions] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    port: 5174,
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
