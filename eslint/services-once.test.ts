import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Services are built once (apps/server/src/services.ts, decision 035): a routes file that calls a
 * `*Service(` factory fails lint. Each case lints a short file placed (virtually) in a module.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

// The first lint loads the TypeScript resolver and parses the projects: seconds on a busy machine.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: path.join(root, 'apps/server/src/lib/warm-up.ts') });
}, 120_000);

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((m) => m.ruleId === 'roundup/services-built-once').map((m) => m.message);
}

const plugin = (body: string) =>
  [
    "import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';",
    "import type { AppContext } from '../../context';",
    "import { faqsService } from './service';",
    '',
    'export const fixtureRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {',
    body,
    "  app.get('/api/fixture', async () => service.list());",
    '};',
    '',
  ].join('\n');

describe('services built once', { timeout: 30_000 }, () => {
  it.each([
    ['routes.ts', 'apps/server/src/modules/faqs/routes.ts', '  const service = faqsService(ctx);'],
    ['a *-routes.ts', 'apps/server/src/modules/faqs/admin-routes.ts', '  const service = faqsService(ctx);'],
    [
      'a service built from an object',
      'apps/server/src/modules/faqs/routes.ts',
      '  const service = ({ faqsService }).faqsService(ctx);',
    ],
  ])('refuses a service built in %s', async (_name, file, body) => {
    expect((await problems(file, plugin(body))).join('\n')).toMatch(
      /A routes file \([\w-]+\.ts\) may not build a service \(faqsService\)/,
    );
  });

  it.each([
    ['a service handed in as an option', 'apps/server/src/modules/faqs/routes.ts', '  const service = { list: () => [] };'],
    ['a service built outside a routes file', 'apps/server/src/modules/faqs/fixture.ts', '  const service = faqsService(ctx);'],
    ['a repo built in routes', 'apps/server/src/modules/faqs/routes.ts', '  const service = { list: () => faqsRepo(ctx) };'],
  ])('allows %s', async (_name, file, body) => {
    expect(await problems(file, plugin(body))).toEqual([]);
  });
});
