import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The modules' imports point one way: no module imports one that imports it back, directly or
 * through others (docs/architecture.md). A piece two modules share goes down, into `common/`,
 * `repositories/` or `@campaign/domain`.
 */
const MODULES = __dirname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The module folder a path lies in, or null outside the modules. */
const moduleOf = (path: string) => {
  const [first, ...rest] = relative(MODULES, path).split('/');
  return first === '..' || rest.length === 0 ? null : first;
};

/** Module -> the other modules its files import. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const path of sources(MODULES)) {
    const from = moduleOf(path)!;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const m of readFileSync(path, 'utf8').matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/g)) {
      const to = moduleOf(resolve(dirname(path), m[1]));
      if (to && to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** Each loop once, as the modules it passes through (`a -> b -> a`). */
function loops(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const walk = (node: string, path: string[]) => {
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) walk(next, [...path, next]);
    }
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) walk(node, [node]);
  return found;
}

describe('module imports', () => {
  it('form no loop', () => {
    expect(loops(moduleGraph())).toEqual([]);
  });

  it('finds a loop, direct or through another module', () => {
    const g = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));
    expect(loops(g({ sms: ['preregistration'], preregistration: ['sms'] }))).toEqual(['preregistration -> sms -> preregistration']);
    expect(loops(g({ a: ['b'], b: ['c'], c: ['a'] }))).toEqual(['a -> b -> c -> a']);
    expect(loops(g({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
  });
});
