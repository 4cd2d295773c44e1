import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { MODULE_ORDER, UPWARD_DEBT, roleOf } from './boundaries.js';

/**
 * The boundaries and cycle rules really fail lint: each case lints a short file placed (virtually)
 * where the import would hurt, against the repository's own eslint.config.js.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

// The first lint loads the TypeScript resolver and parses the projects: seconds on a busy machine.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: path.join(root, 'apps/server/src/lib/warm-up.ts') });
}, 120_000);

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages
    .filter((m) => m.ruleId?.startsWith('import-x/') || m.ruleId?.startsWith('roundup/'))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import boundaries', { timeout: 30_000 }, () => {
  it.each([
    ['another module’s repo', 'apps/server/src/modules/brokers/fixture.ts', "export { auditRepo } from '../audit/repo';\n"],
    [
      'another module’s internal file',
      'apps/server/src/modules/faqs/fixture.ts',
      "export { billingCore } from '../billing/apply';\n",
    ],
    ['a repo importing a service', 'apps/server/src/modules/faqs/repo.ts', "export { faqsService } from './service';\n"],
    ['impure rules', 'apps/server/src/modules/brokers/rules.ts', "export { brokersRepo } from './repo';\n"],
    ['lib importing a module', 'apps/server/src/lib/fixture.ts', "export { recordAudit } from '../modules/audit/service';\n"],
    [
      'a module importing routes',
      'apps/server/src/modules/faqs/fixture.ts',
      "export { splitsRoutes } from '../splits/routes';\n",
    ],
    [
      'a feature importing another feature',
      'apps/web/src/features/splits/fixture.ts',
      "export { useAddAccount } from '../accounts/api';\n",
    ],
    ['a feature importing app/', 'apps/web/src/features/splits/fixture.ts', "export { routes } from '../../app/router';\n"],
    ['lib importing a feature', 'apps/web/src/lib/fixture.ts', "export { brokersRoutes } from '../features/brokers/routes';\n"],
  ])('refuses %s', async (_name, file, code) => {
    expect((await problems(file, code)).join('\n')).toMatch(/import-x\/no-restricted-paths|roundup\/module-roles/);
  });

  it.each([
    [
      'another module’s service',
      'apps/server/src/modules/brokers/fixture.ts',
      "export { recordAudit } from '../audit/service';\n",
    ],
    [
      'another module’s queries',
      'apps/server/src/modules/billing/fixture.ts',
      "export { memberRecords } from '../users/queries';\n",
    ],
    [
      'another module’s pure rules',
      'apps/server/src/modules/trades/fixture.ts',
      "export { splitAccess } from '../splits/rules';\n",
    ],
    ['its own repo from a service', 'apps/server/src/modules/faqs/service.ts', "export { faqsRepo } from './repo';\n"],
    ['app/ composing features', 'apps/web/src/app/fixture.ts', "export { brokersRoutes } from '../features/brokers/routes';\n"],
    [
      'a feature using lib/',
      'apps/web/src/features/splits/fixture.ts',
      "export { useMyAccounts } from '../../lib/my-accounts';\n",
    ],
  ])('allows %s', async (_name, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});

describe('module order', { timeout: 30_000 }, () => {
  it.each([
    [
      'users reading trades (ranked above it)',
      'apps/server/src/modules/users/fixture.ts',
      "export { tradeFacts } from '../trades/queries';\n",
    ],
    ['accounts reading trades', 'apps/server/src/modules/accounts/repo.ts', "export { tradeFacts } from '../trades/queries';\n"],
    ['brokers reading trades', 'apps/server/src/modules/brokers/service.ts', "export { tradeFacts } from '../trades/queries';\n"],
    [
      'audit using notifications',
      'apps/server/src/modules/audit/fixture.ts',
      "export { notificationsService } from '../notifications/service';\n",
    ],
    ['splits reading trades', 'apps/server/src/modules/splits/service.ts', "export { tradeFacts } from '../trades/queries';\n"],
    [
      'splits reading confirmations',
      'apps/server/src/modules/splits/add-pro-facts.ts',
      "export { confirmationFacts } from '../confirmations/queries';\n",
    ],
    [
      'a dynamic import upward',
      'apps/server/src/modules/audit/fixture.ts',
      "export const load = () => import('../billing/service');\n",
    ],
    [
      'trades joining the open positions analytics keeps',
      'apps/server/src/modules/trades/repo.ts',
      "export { openTradeIdsOf } from '../analytics/queries';\n",
    ],
  ])('refuses %s', async (_name, file, code) => {
    expect((await problems(file, code)).join('\n')).toMatch(
      /roundup\/module-order: "\w+" may import only modules ranked below it/,
    );
  });

  it('refuses a module that is not in the floor plan', async () => {
    expect(
      (await problems('apps/server/src/modules/widgets/fixture.ts', "export { memberRecords } from '../users/queries';\n")).join(
        '\n',
      ),
    ).toMatch(/Module "widgets" is not in the floor plan/);
  });

  it.each([
    [
      'trades reading accounts (ranked below it)',
      'apps/server/src/modules/trades/fixture.ts',
      "export { accountsRelation } from '../accounts/queries';\n",
    ],
    [
      'a module ranked but not on disk yet',
      'apps/server/src/modules/imports/fixture.ts',
      "export { tradeFacts } from '../trades/queries';\n",
    ],
  ])('allows %s', async (_name, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  it('owes only upward imports that are still there', () => {
    const modules = path.join(root, 'apps/server/src/modules');
    for (const key of Object.keys(UPWARD_DEBT)) {
      const [from, to] = key.split(' → ');
      const [fromModule, toModule] = [from.split('/')[0], to.split('/')[0]];
      expect(MODULE_ORDER.indexOf(toModule), key).toBeGreaterThan(MODULE_ORDER.indexOf(fromModule));
      expect(readFileSync(path.join(modules, from), 'utf8'), key).toContain(`'../${to.replace(/\.ts$/, '')}'`);
    }
  });
});

describe('roles in file names', { timeout: 30_000 }, () => {
  const m = (f: string) => `apps/server/src/modules/${f}`;
  const drizzle = "import { sql } from 'drizzle-orm';\nexport const one = sql`1`;\n";
  const schema = "import { schema } from '../../db/client';\nexport const t = schema.trades;\n";

  it.each([
    ['routes.ts', 'routes'],
    ['push-routes.ts', 'routes'],
    ['repo.ts', 'repo'],
    ['groups-repo.ts', 'repo'],
    ['rules.ts', 'rules'],
    ['reconcile-rules.ts', 'rules'],
    ['queries.ts', 'queries'],
    ['service.ts', 'service'],
    ['create-group.ts', 'service'],
  ])('%s is a %s file', (name, role) => {
    expect(roleOf(path.join(root, m(`accounts/${name}`)))).toBe(role);
  });

  it('names the role of a folder, and of a file only by its name', () => {
    expect(roleOf(path.join(root, m('discovery/classifier/ratio.ts')))).toBe('rules');
    expect(roleOf(path.join(root, m('splits/change-id-rules.ts')))).toBe('rules');
    // No file-by-file exceptions: a pure file whose name says nothing is held to a service's rules.
    expect(roleOf(path.join(root, m('splits/change-id.ts')))).toBe('service');
  });

  it.each([
    ['Drizzle in rules.ts', m('brokers/rules.ts'), drizzle, /may not import a drizzle/],
    ['Drizzle in a *-rules.ts', m('trades/reconcile-rules.ts'), drizzle, /may not import a drizzle/],
    ['Drizzle in a service', m('faqs/service.ts'), drizzle, /may not import a drizzle/],
    ['Drizzle in a use case', m('accounts/create-group.ts'), drizzle, /may not import a drizzle/],
    ['the schema in a pure file', m('analytics/summary-rules.ts'), schema, /may not import a schema/],
    [
      'the schema in a pure folder',
      m('discovery/classifier/ratio.ts'),
      schema.replace('../../', '../../../'),
      /may not import a schema/,
    ],
    ['the schema in a use case', m('accounts/create-group.ts'), schema, /may not import a schema/],
    ['a relation in routes', m('faqs/routes.ts'), "export { relation } from '../../db/relation';\n", /may not import a schema/],
    ['a repo in a pure file', m('analytics/tax-rules.ts'), "export { analyticsRepo } from './repo';\n", /a rules file is pure/],
    [
      'the context in a pure file',
      m('trades/legs-rules.ts'),
      "export { noopNotifier } from '../../context';\n",
      /a rules file is pure/,
    ],
    ['a service in a repo', m('accounts/repo.ts'), "export { accountsService } from './service';\n", /may not import a service/],
  ])('refuses %s', async (_name, file, code, message) => {
    expect((await problems(file, code)).join('\n')).toMatch(message);
  });

  it.each([
    ['Drizzle and the schema in a repo', m('faqs/repo.ts'), drizzle + schema.replace('schema.trades', 'schema.faqs')],
    ['Drizzle in a *-repo.ts', m('notifications/sql-repo.ts'), drizzle],
    ['Drizzle in queries.ts', m('trades/queries.ts'), drizzle],
    ['types from the database in a pure file', m('brokers/rules.ts'), "export type { Db } from '../../db/client';\n"],
    ['a pure file using lib/ and data', m('discovery/classifier/ratio.ts'), "export { escapeHtml } from '../../../lib/html';\n"],
    ['routes mounting their module’s routes', m('splits/routes.ts'), "export { splitEventsRoutes } from './events-routes';\n"],
  ])('allows %s', async (_name, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});

describe('import cycles', { timeout: 60_000 }, () => {
  it('fails lint on a cycle (eslint/fixtures/cycle: a.ts ↔ b.ts)', async () => {
    const eslintWithCycles = new ESLint({
      cwd: root,
      overrideConfig: { files: ['eslint/fixtures/**/*.ts'], rules: { 'import-x/no-cycle': 'error' } },
    });
    const [result] = await eslintWithCycles.lintFiles([path.join(root, 'eslint/fixtures/cycle/a.ts')]);
    expect(result.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});

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

describe('services built once (decision 035: no routes file builds a service)', { timeout: 30_000 }, () => {
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
      /roundup\/services-built-once: A routes file \([\w-]+\.ts\) may not build a service \(faqsService\)/,
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

const serviceFile = (imports: string, body: string) =>
  [
    "import type { AppContext } from '../../context';",
    imports,
    '',
    'export function fixtureService(ctx: AppContext) {',
    body,
    '}',
    '',
  ].join('\n');

describe('services built once (no service builds another module’s service)', { timeout: 30_000 }, () => {
  it.each([
    [
      'another module’s factory',
      "import { usersService } from '../users/service';",
      '  return { users: usersService(ctx) };',
      'usersService',
    ],
    [
      'another module’s factory under another name',
      "import { accountsService as accounts } from '../accounts/service';",
      '  return { accounts: accounts(ctx) };',
      'accountsService',
    ],
    [
      'another module’s factory from its namespace',
      "import * as users from '../users/service';",
      '  return { users: users.usersService(ctx) };',
      'usersService',
    ],
  ])('refuses a service file calling %s', async (_name, imports, body, factory) => {
    const found = (await problems('apps/server/src/modules/billing/fixture.ts', serviceFile(imports, body))).join('\n');
    expect(found).toMatch(/roundup\/services-built-once: A service file \(fixture\.ts\) may not build another module’s service/);
    expect(found).toContain(`(${factory})`);
  });

  it.each([
    [
      'its own module’s factory',
      "import { billingService } from './service';",
      '  return { billing: billingService(ctx, null!, null!) };',
    ],
    [
      'another module’s service handed in',
      "import type { UsersService } from '../users/service';",
      '  return (users: UsersService) => users.self(ctx.clock().toISOString());',
    ],
  ])('allows a service file calling %s', async (_name, imports, body) => {
    expect(await problems('apps/server/src/modules/billing/fixture.ts', serviceFile(imports, body))).toEqual([]);
  });
});
