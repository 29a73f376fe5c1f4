import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { ARRIVING_HTML } from './src/layout/arriving';
import { DASHBOARD_PATHS, LOGIN_PATH } from './src/paths';
import { EARLY_READS_KEY, TOKEN_KEY } from './src/providers/session';
import { API_BASE } from '../domain/src/site-routes';
import { type Bundle, entryFiles, staticClosure } from '../scripts/chunk-graph';
import { build, defaultClientConditions, defaultServerConditions, type Plugin, type Rollup, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { BRAND } from './src/brand';

/**
 * The admin as an installable web app (docs/decisions.md, "The admin, installed"): a manifest
 * with the brand's icon, and a service worker (Workbox, through vite-plugin-pwa) that keeps
 * only the built code. The page and the first screen's files (the login entry, the shell, the
 * dashboard and the screens' common file, all named by their hash) are stored at install; any
 * other hashed file of /admin/assets/ is kept the first time it is used. Nothing of /api or
 * /uploads ever passes through it, so no answer with a customer's data is stored. A new build's
 * worker waits until the user presses Reload on the admin's "update ready" prompt
 * (layout/UpdatePrompt.tsx): a form being filled in is never reloaded under the user.
 */
const installable = () =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    filename: 'sw.js',
    // '/admin' itself too (where sign-in lands), beyond the script's folder: the server allows it (Service-Worker-Allowed).
    scope: '/admin',
    includeAssets: ['icon.svg'],
    manifest: {
      id: '/admin/',
      name: 'Campaign Admin',
      short_name: 'Admin',
      description: "The campaign's staff admin: pre-registrations, purchases, draws and reports.",
      start_url: '/admin/',
      scope: '/admin/',
      display: 'standalone',
      background_color: BRAND.background,
      theme_color: BRAND.primary,
      icons: [
        { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['index.html', 'assets/index-*.{js,css}', 'assets/shell-*.js', 'assets/dashboard-*.js', 'assets/screens-*.js', 'icon-*.png'],
      navigateFallback: '/admin/index.html',
      navigateFallbackAllowlist: [/^\/admin(\/|$)/],
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ url }) => url.pathname.startsWith('/admin/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'admin-code', expiration: { maxEntries: 200 } },
        },
      ],
    },
  });

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

/** The modules whose chunks make the admin's first screen: the shell, and the dashboard on it. */
const SHELL_MODULE = '/src/AdminRouter.tsx';
const DASHBOARD_MODULE = '/src/resources/registration/RegistrationDashboard.tsx';

/**
 * The admin's first screen in a build's chunks: what the page loads (the entries and their
 * static imports: the login form), the shell's chunks beyond those, and the dashboard's beyond
 * both.
 */
function firstScreen(bundle: Bundle) {
  const named = (suffix: string) => {
    const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(suffix));
    if (!chunk) throw new Error(`admin build: no chunk for ${suffix}`);
    return chunk.fileName;
  };
  const loaded = entryFiles(bundle);
  const shell = staticClosure(bundle, [named(SHELL_MODULE)], loaded);
  const dashboard = staticClosure(bundle, [named(DASHBOARD_MODULE)], new Set([...loaded, ...shell]));
  return { loaded, shell, dashboard };
}

/**
 * A page of the admin other than /login, with a stored session, paints the admin's frame at
 * once (src/layout/arriving.ts) instead of a blank page, and as soon as that frame has been
 * painted starts downloading the shell's chunks (and, at /admin, the dashboard's), instead of
 * after the login bundle has run and asked for them: on a slow phone link the shell no longer
 * waits behind it. (Asked before the frame's paint, their 230 KB were counted in it:
 * Lighthouse's FCP on the dashboard opened cold read 2.1 s, 1.4-1.6 s after.) /login, and any
 * page without a session (the app shows the login form there, App.tsx), loads only what the
 * form needs, and once the form has been painted fetches the shell's and the dashboard's
 * chunks at low priority (rel=prefetch: into the cache, not run) while the user types, so
 * signing in does not wait for them; not when the browser asks to save data.
 * (Asked at the page's load instead, before React had painted the form, they were counted in
 * the form's paint: Lighthouse's LCP on /login went from 1.4 to 2.6 s.) A small inline script
 * after the root element (its hash is in the backend's CSP) does all three, from the addresses
 * in src/paths.ts that src/screens/coldStart.ts loads for and the session's key. React replaces the
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
        const { shell, dashboard } = firstScreen(ctx.bundle ?? {});
        const script =
          `(function(){var p=location.pathname,s=${JSON.stringify(shell)},d=${JSON.stringify(dashboard)};` +
          `function a(r,f){f.forEach(function(n){var l=document.createElement('link');l.rel=r;l.href='${base}'+n;document.head.appendChild(l)})}` +
          // After the next paint: what is asked for before it is counted in that paint.
          `function later(r,f){requestAnimationFrame(function(){setTimeout(function(){a(r,f)})})}` +
          `var t=null;try{t=localStorage.getItem(${JSON.stringify(TOKEN_KEY)})}catch(e){}` +
          `if(p===${JSON.stringify(LOGIN_PATH)}||!t){var c=navigator.connection,r=document.getElementById('root');if(c&&c.saveData)return;` +
          `new MutationObserver(function(m,o){if(!r.querySelector('form'))return;o.disconnect();` +
          `later('prefetch',s.concat(d))}).observe(r,{childList:true,subtree:true});return}` +
          `document.getElementById('root').innerHTML=${JSON.stringify(ARRIVING_HTML)};` +
          // The page's first reads (the dashboard's, a list's page of rows), asked now rather than
          // once the modules have run (about 0.65 s later on a slow phone's repeat visit): the ones
          // the admin kept for this page in this session (providers/session.ts, by pageKey's rule);
          // providers/http.ts takes them over (readEarly).
          // Only with the installed worker in control: its code then comes from the phone, and the reads
          // take no connection the page's own files need (over HTTP/1.1 a browser opens six).
          `var w=navigator.serviceWorker;if(w&&w.controller)try{var q=(JSON.parse(localStorage.getItem(${JSON.stringify(EARLY_READS_KEY)})||'null')||{})[p.replace(/\\/+$/,'')||'/'];` +
          `if(q&&q.length){var e=window.__earlyReads={token:t,reads:{}};q.forEach(function(x){` +
          `var f=fetch(${JSON.stringify(API_BASE)}+x,{headers:{Accept:'application/json',Authorization:'Bearer '+t}});f.catch(function(){});e.reads[x]=f})}}catch(x){}` +
          `later('modulepreload',${JSON.stringify(DASHBOARD_PATHS)}.indexOf(p)>=0?s.concat(d):s)})()`;
        return [{ tag: 'script', children: script, injectTo: 'body' }];
      },
    },
  };
};

/**
 * Screens' shared code used by at least this many lazy screens goes in one file (below).
 */
const COMMON_SHARE_COUNT = 3;

/**
 * The admin's code in a few files. Left to itself the bundler splits the shell and the
 * dashboard into about 58 files, one per set of screens that share some code; over HTTP/1.1 a
 * phone asks six at a time, each a round trip (562 ms on Lighthouse's slow 4G), so the
 * prefetch while the user types took about 6 s, and a user whose browser fills the form
 * and who signs in at once waited 6.3-6.7 s for the dashboard's first rows. A first build
 * (kept in memory) tells which modules make the shell and the dashboard; the real build puts
 * the shell's in one file and the dashboard's in another, and leaves every lazy screen's own
 * module in its file (the router and `import()` ask for those).
 * A screen opened on its own that shares code with the dashboard loads the dashboard's file
 * too; in a session it is already there, as every session starts on the dashboard.
 * The screens after the dashboard had the same trouble: react-admin's form, record and input
 * parts came in one small file per set of screens sharing them, so a pre-registration's form
 * opened from the dashboard waited for 19 files (3.0 s on that link), its record for 15. The
 * modules that at least COMMON_SHARE_COUNT lazy screens use (their static imports, beyond the
 * shell and the dashboard) go in one 'screens' file: asked for once, by the first screen that
 * needs it (a list too: 32 KB more the first time), then every screen is its own file and a
 * few at most (docs/decisions.md). The rest is left to the bundler.
 */
async function codeGroups(config: UserConfig): Promise<Map<string, string>> {
  const out = (await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    build: { ...config.build, write: false },
  })) as Rollup.RollupOutput;
  const bundle: Bundle = Object.fromEntries(out.output.map((c) => [c.fileName, c]));
  const { loaded, shell, dashboard } = firstScreen(bundle);
  const chunks = out.output.filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const own = new Set(chunks.map((c) => c.facadeModuleId));
  const groups = new Map<string, string>();
  const put = (files: string[], name: string) => {
    for (const file of files) for (const id of (bundle[file] as Rollup.OutputChunk).moduleIds) if (!own.has(id)) groups.set(id, name);
  };
  put(shell, 'shell');
  put(dashboard, 'dashboard');
  // Each screen's code beyond what every session has by then: the login page, the shell, the dashboard.
  const first = new Set([...loaded, ...shell, ...dashboard]);
  const screensUsing = new Map<string, number>();
  for (const screen of chunks)
    if (screen.isDynamicEntry && !first.has(screen.fileName))
      for (const file of staticClosure(bundle, [screen.fileName], first))
        for (const id of (bundle[file] as Rollup.OutputChunk).moduleIds)
          if (!own.has(id)) screensUsing.set(id, (screensUsing.get(id) ?? 0) + 1);
  for (const [id, n] of screensUsing) if (n >= COMMON_SHARE_COUNT) groups.set(id, 'screens');
  return groups;
}

// The backend serves dist/ at /admin/* and dist/index.html at /login too, so every
// asset URL is absolute under /admin/ (the login page at /login loads /admin/assets/...).
const admin = (withWorker = true): UserConfig => ({
  base: '/admin/',
  plugins: [react(), loginAtRoot(), preloadShell(), ...(withWorker ? [installable()] : [])],
  // @campaign/domain is compiled from its TypeScript source, like our own files: no build
  // of the shared package first, and only what the app uses ends up in its bundle.
  resolve: {
    conditions: ['@campaign/source', ...defaultClientConditions],
    // react-admin's translator (node-polyglot) requires polyfills of Object.entries and of
    // Object.hasOwn for old engines, whose own polyfill helpers put about 6 KB (gzipped) in
    // the shell every page waits for; every browser the admin supports has both, which
    // nolyfill's packages hand over as they are (docs/decisions.md).
    alias: { 'object.entries': '@nolyfill/object.entries', hasown: '@nolyfill/hasown' },
  },
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
});

export default defineConfig(async ({ command }) => {
  const config = admin();
  if (command === 'build') {
    // Each module of the shell and of the dashboard goes where the first build's chunks say;
    // their static imports are in the same sets or loaded before, so nothing else is pulled in.
    // The screens' common modules go in one file; what they import beyond it stays in its own.
    // (The first build only reads the chunks: no service worker is made for it.)
    const groups = await codeGroups(admin(false));
    config.build!.rolldownOptions = {
      output: { codeSplitting: { groups: [{ name: (id: string) => groups.get(id) ?? null, includeDependenciesRecursively: false }] } },
    };
  }
  return {
    ...config,
    test: {
      environment: 'node',
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    },
  };
});
