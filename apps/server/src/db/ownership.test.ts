import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

/**
 * Every table has one owning module (docs/ARCHITECTURE.md, "Who owns which table"), and only the
 * owner names it: other modules read through the owner's queries.ts (a named read, or a relation
 * from db/relation.ts), never `schema.<table>` or the table's name in SQL.
 * The check walks each file's TypeScript syntax tree (not its text): `schema.x`, `const { x } = schema`,
 * an import of a table from db/schema, and table names after from / join / into / update inside
 * string and template literals (the SQL), so comments and prose never count.
 */
const OWNERS: Record<string, string> = {
  users: 'users',
  phone_codes: 'users',
  sessions: 'auth',
  email_tokens: 'auth',
  event_tickets: 'auth',
  audit_log: 'audit',
  reverse_splits: 'splits',
  split_term_changes: 'splits',
  split_pipeline: 'splits',
  issuer_clawbacks: 'splits',
  pipeline_follows: 'splits',
  split_change_seq: 'splits',
  split_sightings: 'confirmations',
  confirmation_events: 'confirmations',
  confirmation_runs: 'confirmations',
  brokers: 'brokers',
  accounts: 'accounts',
  account_groups: 'accounts',
  account_group_members: 'accounts',
  trades: 'trades',
  split_verdicts: 'trades',
  import_rows: 'imports',
  import_account_maps: 'imports',
  trade_month_totals: 'analytics',
  trade_split_totals: 'analytics',
  trade_return_days: 'analytics',
  trade_member_totals: 'analytics',
  trade_open_positions: 'analytics',
  faqs: 'faqs',
  feedback: 'feedback',
  communications: 'comms',
  outbox: 'outbox',
  page_views: 'pageviews',
  checkout_sessions: 'billing',
  memberships: 'billing',
  invoices: 'billing',
  webhook_events: 'billing',
  billing_notices: 'billing',
  billing_flags: 'billing',
  billing_reconciliations: 'billing',
  local_payment_objects: 'billing',
  commissions: 'affiliates',
  notification_events: 'notifications',
  notification_deliveries: 'notifications',
  scheduled_runs: 'notifications',
  push_subscriptions: 'notifications',
  unsubscribe_uses: 'notifications',
  edgar_filings: 'discovery',
  edgar_documents: 'discovery',
  discovery_proposals: 'discovery',
  discovery_runs: 'discovery',
  api_tokens: 'tokens',
  // Kept by the HTTP layer (http/idempotency.ts) for every module's writes alike: no module reads it.
  idempotency_keys: 'http',
};

const tables = Object.entries(schema).filter(([, v]) => is(v, PgTable)) as [string, PgTable][];
const byExport: Record<string, string> = Object.fromEntries(tables.map(([exp, t]) => [exp, getTableName(t)]));
const MODULES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'modules');

function sources(): { module: string; file: string; text: string }[] {
  return readdirSync(MODULES).flatMap((m) => {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? walk(path.join(dir, e.name))
          : e.name.endsWith('.ts') && !e.name.includes('.test.')
            ? [path.join(dir, e.name)]
            : [],
      );
    return walk(path.join(MODULES, m)).map((file) => ({
      module: m,
      file: path.relative(MODULES, file),
      text: readFileSync(file, 'utf8'),
    }));
  });
}

const SQL_TABLE = /\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi;

/** The tables a source file names, each with how: found by walking its syntax tree. */
export function tablesNamed(file: string, text: string): { table: string; how: string }[] {
  const found: { table: string; how: string }[] = [];
  const byDrizzle = (exp: string, how: string) => {
    if (byExport[exp]) found.push({ table: byExport[exp], how });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'schema') {
      byDrizzle(node.name.text, `schema.${node.name.text}`);
    } else if (
      ts.isVariableDeclaration(node) &&
      ts.isObjectBindingPattern(node.name) &&
      node.initializer &&
      ts.isIdentifier(node.initializer) &&
      node.initializer.text === 'schema'
    ) {
      for (const el of node.name.elements) {
        const exp = (el.propertyName ?? el.name).getText();
        byDrizzle(exp, `{ ${exp} } = schema`);
      }
    } else if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      /\/db\/schema(\/|$)/.test(node.moduleSpecifier.text) &&
      node.importClause?.namedBindings &&
      ts.isNamedImports(node.importClause.namedBindings)
    ) {
      for (const el of node.importClause.namedBindings.elements) {
        const exp = (el.propertyName ?? el.name).text;
        byDrizzle(exp, `import { ${exp} } from db/schema`);
      }
    } else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      if (!ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent))
        for (const [, table] of node.text.matchAll(SQL_TABLE))
          if (OWNERS[table]) found.push({ table, how: `SQL names ${table}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS));
  return found;
}

/** What `module` may not name in this file: other modules' tables. */
function trespasses(module: string, file: string, text: string): string[] {
  return tablesNamed(file, text)
    .filter(({ table }) => OWNERS[table] !== module)
    .map(({ table, how }) => `${file}: ${how}, which belongs to ${OWNERS[table]}`);
}

describe('table ownership', () => {
  it('every table has an owner', () => {
    expect(tables.map(([, t]) => getTableName(t)).filter((name) => !OWNERS[name])).toEqual([]);
  });

  it('no module names another module’s table, in Drizzle or in SQL', () => {
    expect(sources().flatMap(({ module, file, text }) => trespasses(module, file, text))).toEqual([]);
  });

  it.each([
    ['schema.x', 'const t = schema.trades;'],
    ['a destructured table', 'const { trades: t } = schema;'],
    ['a table imported from db/schema', "import { trades } from '../../db/schema';"],
    ['a table in SQL', 'const q = sql`select count(*) from trades t where t.user_id = ${id}`;'],
    ['a table in a joined SQL part', 'const q = sql`select 1 from ${x} a join "trades" t on t.account_id = a.id`;'],
    ['a table in a string', "db.execute('update trades set outcome = null');"],
  ])('finds a planted trespass: %s', (_name, code) => {
    expect(trespasses('brokers', 'brokers/fixture.ts', code)).toEqual([
      expect.stringMatching(/^brokers\/fixture\.ts: .*belongs to trades$/),
    ]);
  });

  it.each([
    ['its own tables', 'const b = schema.brokers;\nconst q = sql`select * from brokers`;'],
    ['a comment', '// counts come from trades (the trades module), joined into accounts\nexport {};'],
    ['a relation', 'const q = sql`select 1 from ${tradesRelation} t`;'],
    ['an import path', "import { tradeFacts } from '../trades/queries';"],
  ])('lets pass %s', (_name, code) => {
    expect(trespasses('brokers', 'brokers/fixture.ts', code)).toEqual([]);
  });
});
