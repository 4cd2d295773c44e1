import { describe, expect, it } from 'vitest';
import { check, KNOWN_DEBT, measureFunctions, overLimits } from './size-limits.mjs';

const lines = (n: number, body = '  x();') => Array.from({ length: n }, () => body).join('\n');

describe('measuring functions', () => {
  it('names functions by their own name, their variable, their property or the call they are handed to', () => {
    const text = [
      'export function outer() {',
      '  const inner = () => {',
      '    return 1;',
      '  };',
      "  app.get('/api/x', async (req) => {",
      '    return inner();',
      '  });',
      '  return { method() { return 2; } };',
      '}',
      'export const Card = memo(function Card() {',
      '  return null;',
      '});',
    ].join('\n');
    expect(measureFunctions(text, 'a.tsx')).toEqual([
      { name: 'outer', lines: 9, component: false },
      { name: 'outer › inner', lines: 3, component: false },
      { name: 'outer › app.get("/api/x")', lines: 3, component: false },
      { name: 'outer › method', lines: 1, component: false },
      { name: 'Card', lines: 3, component: true },
    ]);
  });
});

describe('the limits', () => {
  const server = `export function big() {\n${lines(100)}\n}\nexport function ok() {\n${lines(98)}\n}\n`;
  const web = `export function Page() {\n${lines(149)}\n}\nexport function helper() {\n${lines(100)}\n}\n`;
  const files = [
    { file: 'apps/server/src/modules/x/service.ts', text: server },
    { file: 'apps/web/src/features/x/Page.tsx', text: web },
    { file: 'apps/web/src/features/x/long.ts', text: `${lines(301, 'x();')}\n` },
    { file: 'apps/web/src/features/x/exact.ts', text: `${lines(300, 'x();')}\n` },
  ];

  it('finds a file over 300 lines, a server function over 100 and a web component over 150', () => {
    expect(overLimits(files)).toEqual([
      { key: 'function apps/server/src/modules/x/service.ts big', lines: 102, limit: 100 },
      { key: 'component apps/web/src/features/x/Page.tsx Page', lines: 151, limit: 150 },
      { key: 'file apps/web/src/features/x/long.ts', lines: 301, limit: 300 },
    ]);
  });

  it('fails on what is over and not known debt, and on known debt that is paid or gone', () => {
    const known = ['function apps/server/src/modules/x/service.ts big', 'file apps/web/src/features/x/exact.ts'];
    const { problems, debt } = check(files, known);
    expect(debt.map((d) => d.key)).toEqual(['function apps/server/src/modules/x/service.ts big']);
    expect(problems).toEqual([
      'component apps/web/src/features/x/Page.tsx Page: 151 lines, over the limit of 150; split it',
      'file apps/web/src/features/x/long.ts: 301 lines, over the limit of 300; split it',
      'file apps/web/src/features/x/exact.ts: listed as known debt in scripts/size-limits.mjs but within its limit (or gone); take it off the list',
    ]);
  });
});

describe('the repository', () => {
  it('keeps every hand-written source file, server or shared function and web component within its limit, known debt aside', () => {
    const { problems, debt } = check();
    expect(problems).toEqual([]);
    expect(debt).toHaveLength(KNOWN_DEBT.length);
    console.log(`size limits: ${debt.length} known debt item(s) left (scripts/size-limits.mjs)`);
  });
});
