import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { ARRIVING_HTML } from './src/layout/arriving';
import { DASHBOARD_PATHS, LOGIN_PATH } from './src/paths';
import { TOKEN_KEY } from './src/providers/session';
import { defaultClientConditions, defaultServerConditions, type Plugin, type Rollup } from 'vite';

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

/**
 * A page of the admin other than /login, with a stored session, starts downloading the
 * shell's chunks (and, at /admin, the dashboard's) with the page, instead of after the login
 * bundle has run and asked for them: on a slow phone link the shell no longer waits behind
 * it; and it paints the admin's frame at once (src/layout/arriving.ts) instead of a blank
 * page. /login, and any page without a session (the app shows the login form there, App.tsx),
 * loads only what the form needs, and once the form has been painted fetches the shell's and
 * the dashboard's chunks at low priority (rel=prefetch: into the cache, not run) while the
 * user types, so signing in does not wait for them; not when the browser asks to save data.
 * (Asked at the page's load instead, before React had painted the form, they were counted in
 * the form's paint: Lighthouse's LCP on /login went from 1.4 to 2.6 s.) A small inline script
 * after the root element (its hash is in the backend's CSP) does all three, from the addresses
 * in src/paths.ts that src/screens.ts loads for and the session's key. React replaces the
 * frame when it first renders.
 */
const preloadShell = (): Plugin => {
  let base = '/';
  return {
    name: 'preload-shell',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const named = (suffix: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(suffix));
          if (!chunk) throw new Error(`preload-shell: no chunk for ${suffix}`);
          return chunk.fileName;
        };
        const closure = (start: string[], seen = new Set<string>()) => {
          for (const file of start) {
            if (seen.has(file)) continue;
            seen.add(file);
            closure(chunks.find((c) => c.fileName === file)?.imports ?? [], seen);
          }
          return seen;
        };
        const loaded = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
        const shell = [...closure([named('/src/AdminRouter.tsx')], new Set(loaded))].filter((f) => !loaded.has(f));
        const dashboard = [
          ...closure([named('/src/resources/registration/RegistrationDashboard.tsx')], new Set([...loaded, ...shell])),
        ].filter((f) => !loaded.has(f) && !shell.includes(f));
        const script =
          `(function(){var p=location.pathname,s=${JSON.stringify(shell)},d=${JSON.stringify(dashboard)};` +
          `function a(r,f){f.forEach(function(n){var l=document.createElement('link');l.rel=r;l.href='${base}'+n;document.head.appendChild(l)})}` +
          `var t=null;try{t=localStorage.getItem(${JSON.stringify(TOKEN_KEY)})}catch(e){}` +
          `if(p===${JSON.stringify(LOGIN_PATH)}||!t){var c=navigator.connection,r=document.getElementById('root');if(c&&c.saveData)return;` +
          `new MutationObserver(function(m,o){if(!r.querySelector('form'))return;o.disconnect();` +
          `requestAnimationFrame(function(){setTimeout(function(){a('prefetch',s.concat(d))})})}).observe(r,{childList:true,subtree:true});return}` +
          `document.getElementById('root').innerHTML=${JSON.stringify(ARRIVING_HTML)};` +
          `a('modulepreload',${JSON.stringify(DASHBOARD_PATHS)}.indexOf(p)>=0?s.concat(d):s)})()`;
        return [{ tag: 'script', children: script, injectTo: 'body' }];
      },
    },
  };
};

// The backend serves dist/ at /admin/* and dist/index.html at /login too, so every
// asset URL is absolute under /admin/ (the login page at /login loads /admin/assets/...).
export default defineConfig({
  base: '/admin/',
  plugins: [react(), loginAtRoot(), preloadShell()],
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
