import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * `import-x/no-cycle` skips `import type`, so two files that name each other's types form a circle lint
 * never sees. It still ties them together: neither can be read, moved or split alone. This walks every
 * relative import of the server's, the web app's and the shared package's source, type-only ones included, and lists each circle.
 * It also walks the server's test helpers and the web build's scripts, so that it sees every file the lint rule does:
 * `npm test` lints without that rule and leaves circles to this test.
 */
const root = path.resolve(import.meta.dirname, '..');
const TREES = ['apps/server/src', 'apps/web/src', 'packages/shared/src', 'apps/server/test', 'apps/web/build'];

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sources(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$|\.d\.ts$/.test(d.name) ? [p] : [];
  });

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const p of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base.replace(/\.js$/, '.ts')])
    if (/\.tsx?$/.test(p) && existsSync(p)) return p;
  return null;
}

/** Groups of files that import each other, directly or through others (Tarjan's strongly connected components). */
export function importCircles(files: string[]): string[][] {
  const edges = new Map(
    files.map((f) => [
      f,
      ts
        .preProcessFile(readFileSync(f, 'utf8'), true, true)
        .importedFiles.map((i) => resolve(f, i.fileName))
        .filter((p): p is string => p !== null),
    ]),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        group.push(path.relative(root, w));
        if (w === v) break;
      }
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return out;
}

describe('import circles, type-only imports included', () => {
  it.each(TREES)('finds none in %s', (tree) => {
    expect(importCircles(sources(path.join(root, tree)))).toEqual([]);
  });
});
