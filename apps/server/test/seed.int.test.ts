import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { DEMO_USERS, isEmpty, seed } from '../src/db/seed';
import { testConfig } from '../src/env';
import { freshDatabase } from './helpers';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const counts = async (db: Database) => {
  const { rows } = await db.query<{ t: string; n: string }>(
    `select 'brokers' as t, count(*)::text as n from brokers union all select 'faqs', count(*)::text from faqs
     union all select 'splits', count(*)::text from reverse_splits union all select 'users', count(*)::text from users
     union all select 'affiliateFaqs', count(*)::text from faqs where category = 'Affiliate'
     union all select 'upcoming', count(*)::text from reverse_splits where status = 'Upcoming' and buy_date >= $1`,
    ['2026-03-02'],
  );
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
};

describe('seed', () => {
  it('fills an empty database once and is idempotent', async () => {
    database = await freshDatabase();
    expect(await isEmpty(database)).toBe(true);
    const now = new Date('2026-03-02T15:00:00Z');
    const first = await seed(database, testConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password-1' }), now);
    expect(first.inserted).toMatchObject({ brokers: 16, users: 3 });
    expect(first.logins.map((l) => l.email)).toEqual(['boss@example.com', ...DEMO_USERS.map((d) => d.email)]);
    expect(first.logins[0].password).toBe('(ADMIN_PASSWORD)');
    const after = await counts(database);
    expect(after.affiliateFaqs).toBeGreaterThanOrEqual(4);
    expect(after.upcoming).toBeGreaterThanOrEqual(3);
    const second = await seed(database, testConfig({ ADMIN_EMAIL: 'boss@example.com' }), new Date('2026-04-02T15:00:00Z'));
    expect(second.inserted).toEqual({ brokers: 0, faqs: 0, splits: 0, users: 0 });
    expect(await counts(database)).toEqual(after);
  });

  it('skips demo splits and users with SEED_DEMO=false and generates an admin password', async () => {
    database = await freshDatabase();
    const result = await seed(database, testConfig({ SEED_DEMO: false }), new Date('2026-03-02T15:00:00Z'));
    expect(result.logins).toHaveLength(1);
    expect(result.logins[0]).toMatchObject({ role: 'Admin', email: 'admin@roundup.local' });
    expect(result.logins[0].password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const c = await counts(database);
    expect(c.users).toBe(1);
    expect(c.upcoming).toBe(0);
    expect(c.brokers).toBe(16);
  });
});
