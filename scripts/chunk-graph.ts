/*
 * The static imports between a Vite build's chunks, for the admin's and the public site's build
 * plugins: which files a page loads with a chunk, beyond those it already has.
 */
import type { Rollup } from 'vite';

export type Bundle = Record<string, Rollup.OutputChunk | Rollup.OutputAsset>;

/** `start` and every chunk they import statically, transitively, in the order met, leaving out `loaded` (and what only it imports). */
export function staticClosure(bundle: Bundle, start: string[], loaded: ReadonlySet<string> = new Set()): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file) || seen.has(file)) return;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  start.forEach(visit);
  return [...seen];
}

/** What every page of the build loads first: its entries and their static imports. */
export function entryFiles(bundle: Bundle): Set<string> {
  const entries = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk' && c.isEntry);
  return new Set(
    staticClosure(
      bundle,
      entries.map((c) => c.fileName),
    ),
  );
}
