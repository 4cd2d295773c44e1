import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

/**
 * Every table has one owning module (docs/ARCHITECTURE.md, "Who owns which table"), and only the
 * owner names it: other modules read through the owner's queries.ts (a named read, or a relation
 * from db/relation.ts), never `schema.<table>` or the table's name in SQL.
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
  split_change_seq: 'splits',
  split_sightings: 'confirmations',
  confirmation_events: 'confirmations',
  confirmation_runs: 'confirmations',
  brokers: 'brokers',
  accounts: 'accounts',
  account_groups: 'accounts',
  account_group_members: 'accounts',
  trades: 'trades',
  import_rows: 'imports',
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
  local_payment_objects: 'billing',
  commissions: 'affiliates',
  notification_events: 'notifications',
  notification_deliveries: 'notifications',
  scheduled_runs: 'notifications',
  push_subscriptions: 'notifications',
  edgar_filings: 'discovery',
  edgar_documents: 'discovery',
  discovery_proposals: 'discovery',
  discovery_runs: 'discovery',
  api_tokens: 'tokens',
};

const tables = Object.entries(schema).filter(([, v]) => is(v, PgTable)) as [string, PgTable][];
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

describe('table ownership', () => {
  it('every table has an owner', () => {
    expect(tables.map(([, t]) => getTableName(t)).filter((name) => !OWNERS[name])).toEqual([]);
  });

  it('no module names another module’s table, in Drizzle or in SQL', () => {
    const byExport = Object.fromEntries(tables.map(([exp, t]) => [exp, getTableName(t)]));
    const problems: string[] = [];
    for (const { module, file, text } of sources()) {
      for (const [, exp] of text.matchAll(/\bschema\.([A-Za-z]+)/g)) {
        const table = byExport[exp];
        if (table && OWNERS[table] !== module) problems.push(`${file}: schema.${exp} belongs to ${OWNERS[table]}`);
      }
      for (const [, table] of text.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi)) {
        if (OWNERS[table] && OWNERS[table] !== module)
          problems.push(`${file}: SQL names ${table}, which belongs to ${OWNERS[table]}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
