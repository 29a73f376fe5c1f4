import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import * as ts from 'typescript';

/**
 * Comments cite only what the repository holds. A comment may point at a doc
 * (`docs/sms.md`, `docs/decisions.md, "Slugs"`) or a test; it never cites a section of a
 * document the repository does not have (the product's specification or design notes, by
 * section or by name): such a comment states the rule itself instead. Test titles are
 * strings, not comments, and are not read. The docs are held to the same rule.
 */
const ROOT = join(__dirname, '../..');
const TREES = ['backend/src', 'backend/test', 'backend/bench', 'admin/src', 'public-site/src', 'domain/src', 'scripts'];
const CODE = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs']);

/** A citation of a document outside the repository: its name in capitals, a section sign, or "spec" / "design" before a section number. */
const OUTSIDE = /\b(?:SPEC|DESIGN|CONVENTIONS|TOOLCHAIN)(?:\.md)?\b|§|\b(?:spec|design)(?:\.md)?(?:'s)?\s+(?:section|sections)\b/g;
/** `docs/<file>.md`, with the section it names when one follows in quotes. */
const DOC = /\bdocs\/([\w.-]+?\.md)\b(?:[,:]?\s*(?:section\s+)?["“]([^"”]+)["”])?/g;

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return CODE.has(extname(name)) ? [path] : [];
  });
}

const squash = (text: string) => text.replace(/\*\*|`/g, '').replace(/\s+/g, ' ');

/** Every comment of a source file, as its lines (comment markers removed) with their line numbers. */
function comments(path: string): Array<Array<{ line: number; text: string }>> {
  const text = readFileSync(path, 'utf8');
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : path.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map<number, ts.CommentRange>();
  const jsxText: Array<[number, number]> = [];
  const add = (found?: ts.CommentRange[]) => found?.forEach((r) => ranges.set(r.pos, r));
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.JsxText) jsxText.push([node.pos, node.end]);
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    node.getChildren(file).forEach(visit);
  };
  visit(file);
  return [...ranges.values()]
    .filter((r) => !jsxText.some(([from, to]) => r.pos >= from && r.pos < to))
    .map((r) => {
      const first = file.getLineAndCharacterOfPosition(r.pos).line + 1;
      return text
        .slice(r.pos, r.end)
        .split('\n')
        .map((line, i) => ({ line: first + i, text: line.replace(/^\s*(?:\/\/+|\/\*+|\*+(?!\/))?/, '').replace(/\*+\/\s*$/, '') }));
    });
}

/** What is wrong with one comment (or one doc): `file:line: reason`. */
function problems(where: string, lines: Array<{ line: number; text: string }>): string[] {
  // The lines joined, so a citation broken over two lines is still read whole.
  let joined = '';
  const lineAt: number[] = [];
  for (const { line, text } of lines) {
    const part = `${text.trim()} `;
    joined += part;
    for (let i = 0; i < part.length; i++) lineAt.push(line);
  }
  const out: string[] = [];
  const at = (index: number) => `${where}:${lineAt[index]}`;
  for (const m of joined.matchAll(OUTSIDE)) {
    out.push(
      `${at(m.index!)}: cites "${m[0]}", a document the repository does not hold: ${joined.slice(Math.max(0, m.index! - 40), m.index! + 40).trim()}`,
    );
  }
  for (const m of joined.matchAll(DOC)) {
    const doc = join(ROOT, 'docs', m[1]);
    if (!existsSync(doc)) out.push(`${at(m.index!)}: cites docs/${m[1]}, which does not exist`);
    else if (m[2] && !squash(readFileSync(doc, 'utf8')).includes(squash(m[2]))) {
      out.push(`${at(m.index!)}: cites "${m[2]}" in docs/${m[1]}, which has no such text`);
    }
  }
  return out;
}

describe('comment citations', () => {
  it('cite only documents the repository holds, and their sections that exist', () => {
    const sources = TREES.flatMap((tree) => files(join(ROOT, tree)));
    expect(sources.length).toBeGreaterThan(300);
    const found = sources.flatMap((path) => comments(path).flatMap((lines) => problems(relative(ROOT, path), lines)));
    expect(found).toEqual([]);
  });

  it('hold in the docs too', () => {
    // A doc may quote a test's title word for word: that names the test, and is not read.
    const tests = TREES.flatMap((tree) => files(join(ROOT, tree)))
      .filter((path) => /\.(?:e2e-spec|browser-spec|spec|test)\.tsx?$/.test(path))
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    const unquoteTitles = (text: string) => text.replace(/"([^"]+)"/g, (quote, inner: string) => (tests.includes(inner) ? '""' : quote));
    const docs = [
      ...readdirSync(join(ROOT, 'docs'))
        .filter((n) => n.endsWith('.md'))
        .map((n) => `docs/${n}`),
      'README.md',
    ];
    const found = docs.flatMap((doc) => {
      const lines = readFileSync(join(ROOT, doc), 'utf8').split('\n');
      return lines.flatMap((text, i) => problems(doc, [{ line: i + 1, text: unquoteTitles(text) }]));
    });
    expect(found).toEqual([]);
  });

  it('are found by this check', () => {
    const lines = (...texts: string[]) => texts.map((text, i) => ({ line: i + 1, text }));
    expect(problems('a.ts', lines('The rule of SPEC section 5.'))).toHaveLength(1);
    expect(problems('a.ts', lines('as the draw (DESIGN', 'section 4) says'))).toHaveLength(1);
    expect(problems('a.ts', lines('(spec §4)'))).toHaveLength(1);
    expect(problems('a.ts', lines('see docs/nowhere.md'))).toEqual(['a.ts:1: cites docs/nowhere.md, which does not exist']);
    expect(problems('a.ts', lines('docs/sms.md, "No such', 'section"'))).toHaveLength(1);
    expect(problems('a.ts', lines('docs/sms.md, "The', 'outbox"; a TableSpec, specified, the e2e spec'))).toEqual([]);
  });
});
