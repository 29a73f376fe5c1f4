import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '..');

/** Every module of the admin but the tests. */
function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return modules(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The admin's module a specifier names from `from`, if any (packages are not followed). */
function target(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((p) => {
    try {
      return statSync(p).isFile();
    } catch {
      return false;
    }
  });
}

/** `{ type A, type B } from`: names only types, so the import leaves nothing in the build. */
const typesOnly = (clause: string | undefined) => {
  const names = clause?.match(/^\s*\{([^}]*)\}\s+from\s+$/)?.[1];
  return names !== undefined && names.split(',').every((n) => !n.trim() || /^\s*type\s/.test(n));
};

/** What a module imports, statically or with import(); type-only imports are skipped. */
function importsOf(path: string): string[] {
  const code = readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const specs = [
    ...[...code.matchAll(/^\s*(?:import|export)\s+(?!type\s)([^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)]
      .filter((m) => !typesOnly(m[1]))
      .map((m) => m[2]),
    ...[...code.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]),
  ];
  return specs.map((s) => target(path, s)).filter((t): t is string => !!t);
}

describe("the admin's imports", () => {
  it("make no loop, counting import() (the screens' table loads the screens, so no screen reaches the table)", () => {
    const graph = new Map(modules(SRC).map((m) => [m, importsOf(m)]));
    const done = new Set<string>();
    const loops: string[] = [];
    const visit = (m: string, path: string[]) => {
      const at = path.indexOf(m);
      if (at >= 0) return void loops.push([...path.slice(at), m].map((p) => relative(SRC, p)).join(' -> '));
      if (done.has(m)) return;
      for (const next of graph.get(m) ?? []) visit(next, [...path, m]);
      done.add(m);
    };
    for (const m of graph.keys()) visit(m, []);
    expect(graph.size).toBeGreaterThan(100);
    expect(loops).toEqual([]);
  });
});
