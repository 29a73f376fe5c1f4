import type { TestApp } from './test-app';

/** Lists the app's routes from Express's router: "METHOD /path" (API routes only). */
export function appRoutes(t: TestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance();
  const stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> = express.router?.stack ?? express._router.stack;
  const out = new Set<string>();
  for (const layer of stack) {
    if (!layer.route) continue;
    for (const m of Object.keys(layer.route.methods)) if (m !== '_all') out.add(`${m.toUpperCase()} ${layer.route.path}`);
  }
  return [...out].filter((r) => r.includes('/api/v1/')).sort();
}
