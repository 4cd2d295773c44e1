import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { pureSharedConstants } from './pure-shared-constants.ts';

const SHARED = fileURLToPath(new URL('../../../packages/shared/src/', import.meta.url));

/** Bundles a one-line entry that reads from the shared package, as the web build does, and returns the code. */
async function bundle(entry: string, withPlugin: boolean): Promise<string> {
  const id = path.join(SHARED, '__entry.ts');
  const out = await build({
    input: id,
    write: false,
    logLevel: 'silent',
    plugins: [
      { name: 'entry', resolveId: (s) => (s === id ? id : null), load: (s) => (s === id ? entry : null) },
      ...(withPlugin ? [pureSharedConstants()] : []),
    ],
  });
  return out.output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
}

// zod's class names survive bundling; any of them means zod's code came along.
const hasZod = (code: string) => /ZodObject|\$ZodType/.test(code);

describe('the shared package in the web build', () => {
  it('leaves out the schemas a page never reads, and zod with them', async () => {
    // isIdempotentRoute is a plain function beside a module-level schema (the server's header check).
    const entry = `import { isIdempotentRoute } from './idempotency.ts'; console.log(isIdempotentRoute('POST', '/api/trades/add'));`;
    expect(hasZod(await bundle(entry, false))).toBe(true);
    expect(hasZod(await bundle(entry, true))).toBe(false);
  });

  it('keeps a schema a page reads, built as before', async () => {
    const entry = `import { timeZoneSchema } from './deadline.ts'; console.log(timeZoneSchema.safeParse('Mars/Olympus').success);`;
    const code = await bundle(entry, true);
    expect(hasZod(code)).toBe(true);
    expect(code).toContain('Time zone must be an IANA time zone name');
  });

  it('keeps module-level statements that are not constant declarations', async () => {
    const plugin = pureSharedConstants();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const source = `const a = make(1);\nregister(a);\nexport function f() { return make(2); }\nlet b = make(3);\n`;
    const out = transform(source, path.join(SHARED, 'example.ts'));
    expect(out?.code).toBe(
      `const a = /* @__PURE__ */ make(1);\nregister(a);\nexport function f() { return make(2); }\nlet b = make(3);\n`,
    );
    expect(transform(source, '/elsewhere/apps/web/src/example.ts')).toBeNull();
  });
});
