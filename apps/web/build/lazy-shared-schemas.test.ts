import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'rolldown';
import { afterAll, describe, expect, it } from 'vitest';
import { deferredRanges, lazySharedSchemas } from './lazy-shared-schemas.ts';
import { pureSharedConstants } from './pure-shared-constants.ts';

const SHARED = fileURLToPath(new URL('../../../packages/shared/src/', import.meta.url));
const out = mkdtempSync(path.join(tmpdir(), 'lazy-schemas-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Bundles an entry that reads from the shared package as the web build does (with or without deferring), and runs it. */
async function run(entry: string, lazy: boolean): Promise<{ code: string; result: unknown }> {
  const id = path.join(SHARED, '__entry.ts');
  const bundled = await build({
    input: id,
    write: false,
    logLevel: 'silent',
    plugins: [
      { name: 'entry', resolveId: (s) => (s === id ? id : null), load: (s) => (s === id ? entry : null) },
      ...(lazy ? [lazySharedSchemas()] : []),
      pureSharedConstants(),
    ],
  });
  const code = bundled.output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
  const file = path.join(out, `${lazy ? 'lazy' : 'eager'}-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, code);
  const mod = (await import(pathToFileURL(file).href)) as { result: unknown };
  return { code, result: mod.result };
}

/** What each check answers, as a member would see it: success, or the messages by field. */
const answers = `
const answer = (r) => (r.success ? { ok: r.data } : { problems: r.error.issues.map((i) => [i.path.join('.'), i.message]) });
`;

describe('the web build defers the shared schemas until a form uses them', () => {
  it('answers every form check exactly as the schemas built at load do', async () => {
    const entry = `
      import { z } from 'zod';
      import { loginRequest, registerRequest, splitInputSchema, importBuy, addAccountsRequest, timeZoneSchema, NOTIFICATION_KEYS } from './index.ts';
      ${answers}
      export const result = [
        answer(loginRequest.safeParse({ email: 'not-an-email', password: '' })),
        answer(loginRequest.safeParse({ email: ' a@b.co ', password: 'x' })),
        answer(registerRequest.safeParse({ username: 'a', email: 'a@b.co', password: 'password', consent: false })),
        answer(splitInputSchema.safeParse({ name: 'Acme', ticker: 'acme', effDate: '2026-01-05', buyDate: '2026-01-09', ratio: '10', price: '1', status: 'Upcoming', rsType: 'Round Up' })),
        answer(splitInputSchema.safeParse({ name: 'Acme', ticker: 'acme', effDate: '2026-01-09', buyDate: '2026-01-05', ratio: 10, price: '0x10', status: 'Upcoming', rsType: 'Round Up' })),
        answer(splitInputSchema.safeParse({ name: 'Acme', ticker: 'acme', effDate: '2026-01-09', buyDate: '2026-01-05', ratio: 10, price: '1.5', estProfit: '', status: 'Upcoming', rsType: 'Round Up', exchange: '' })),
        answer(importBuy.safeParse({ splitId: 'x', accountId: 'y', price: 'abc' })),
        answer(addAccountsRequest.safeParse({})),
        answer(timeZoneSchema.safeParse('Mars/Olympus')),
        answer(timeZoneSchema.safeParse('America/Chicago')),
        // What zod itself asks of a schema (its class, its fields), and a constant read from one.
        loginRequest instanceof z.ZodObject,
        Object.getPrototypeOf(loginRequest) === Object.getPrototypeOf(z.object({})),
        Object.keys({ ...loginRequest }).sort(),
        Object.keys(loginRequest.shape),
        NOTIFICATION_KEYS,
      ];`;
    const eager = await run(entry, false);
    const lazy = await run(entry, true);
    expect(lazy.code).toContain('new Proxy');
    expect(lazy.result).toEqual(eager.result);
    // The answers themselves, so that the comparison cannot pass on two empty lists.
    expect(JSON.stringify(eager.result)).toContain('Buy date cannot be after the effective date');
    expect(JSON.stringify(eager.result)).toContain('Time zone must be an IANA time zone name');
  });

  it('defers schemas, fields of schemas and what reads them, and leaves other constants alone', () => {
    const source = [
      `import { z } from 'zod';`,
      `import { legInput } from './trades';`,
      `import { EXCHANGES } from './deadline';`,
      `const date = (label: string) => z.string().min(1, label);`,
      `export const a = z.object({ n: z.number() });`,
      `export const b = a.extend({ m: z.string() });`,
      `const fields = { when: date('When'), size: 3, name: z.string() };`,
      `export const c = legInput.omit({ side: true });`,
      `export const d = EXCHANGES.join(', ');`,
      `export const e = Object.keys(a.shape);`,
      `export const f = new Set(['x']);`,
    ].join('\n');
    const texts = deferredRanges(source).map((r) => [r.as, source.slice(r.start, r.end)]);
    expect(texts).toEqual([
      ['schema', 'z.object({ n: z.number() })'],
      ['schema', 'a.extend({ m: z.string() })'],
      ['schema', `date('When')`],
      ['schema', 'z.string()'],
      ['schema', 'legInput.omit({ side: true })'],
      ['in place', 'Object.keys(a.shape)'],
    ]);
    expect(deferredRanges(`export const x = make(1);`)).toEqual([]);
  });
});
