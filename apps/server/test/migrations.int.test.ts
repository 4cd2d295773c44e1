import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate, openDatabase, type Database } from '../src/db/client';
import { analyticsRepo } from '../src/modules/analytics/repo';
import { totalsFromTrades } from '../src/modules/analytics/rules';
import { dbKind } from './helpers';
import { canonical } from './totals';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of the committed migrations up to and including `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'roundup-migrations-'));
  dirs.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThan(-1);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** One member with an account at one broker and a bought, unsold trade on one Complete split of `ticker`. */
async function oneMemberWithATrade(q: Database['query'], ticker: string) {
  const { rows: u } = await q<{ id: string }>(
    `insert into users (username, email, password_hash) values ('old', 'old@example.com', 'x') returning id`,
  );
  await q(`insert into brokers (name, share_return_time) values ('Old Broker', 2)`);
  await q(
    `insert into accounts (user_id, broker_id, broker, type, nickname) select $1, id, name, 'Individual Cash', 'A' from brokers`,
    [u[0].id],
  );
  await q(
    `insert into reverse_splits (name, ticker, eff_date, buy_date, ratio, status) values ('Old', $1, '2026-11-02', '2026-11-01', 10, 'Complete')`,
    [ticker],
  );
  await q(
    `insert into trades (user_id, split_id, account_id, ticker, buy_date, buy_price) select $1, s.id, a.id, s.ticker, s.buy_date, 1.25 from reverse_splits s, accounts a`,
    [u[0].id],
  );
}

// The upgrade path is the same SQL on both databases; it runs once, on an in-memory PGlite.
describe.skipIf(dbKind !== 'pglite')('upgrading a database that already holds trades', () => {
  it('0005 computes the stored analytics totals of the trades recorded before it', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database, migrationsUpTo('0004_analytics_totals'));
      const q = database.query;
      const { rows: u } = await q<{ id: string }>(
        `insert into users (username, email, password_hash) values ('old', 'old@example.com', 'x') returning id`,
      );
      const userId = u[0].id;
      await q(`insert into brokers (name, share_return_time) values ('Old Broker', 2)`);
      await q(
        `insert into accounts (user_id, broker_id, broker, type, nickname) select $1, id, name, 'Individual Cash', 'A' || g from brokers, generate_series(1, 3) g where name = 'Old Broker'`,
        [userId],
      );
      await q(
        `insert into reverse_splits (name, ticker, eff_date, buy_date, ratio, status) select 'Old ' || g, 'OLD' || g, date '2025-11-03' + g * 9, date '2025-11-02' + g * 9, 10, 'Complete' from generate_series(1, 8) g`,
      );
      await q(
        `insert into trades (user_id, split_id, account_id, ticker, buy_date, buy_price, sell_date, sell_price)
         select $1, s.id, a.id, s.ticker, s.buy_date, 1.25,
                case when a.nickname = 'A1' then s.eff_date + 3 end,
                case when a.nickname <> 'A3' then 1.5 + length(s.ticker) / 100.0 end
         from reverse_splits s cross join accounts a`,
        [userId],
      );
      expect((await q<{ n: number }>('select count(*)::int as n from trade_member_totals')).rows[0].n).toBe(0);

      await migrate(database);
      const repo = analyticsRepo(database.db);
      const { accounts: _accounts, ...stored } = await repo.totalsFor(userId, Number.MAX_SAFE_INTEGER);
      const records = await repo.recordsFor(userId);
      const expected = totalsFromTrades(records.trades, records.splits);
      expect(stored.totalTrades).toBe(24);
      expect(stored.openCount).toBe(expected.openCount);
      expect(stored.months.reduce((s, m) => s + m.ticks, 0)).toBe(expected.months.reduce((s, m) => s + m.ticks, 0));
      expect(new Set(stored.months.map((m) => `${m.accountId} ${m.month} ${m.ticks} ${m.trades}`))).toEqual(
        new Set(expected.months.map((m) => `${m.accountId} ${m.month} ${m.ticks} ${m.trades}`)),
      );
      expect(stored.returnDays).toHaveLength(expected.returnDays.length);
      // 0010: the three accounts inserted at position 0 now hold one position each, and a
      // fourth at a taken position is refused.
      const { rows: positions } = await q<{ position: number }>(
        'select position from accounts where user_id = $1 order by position',
        [userId],
      );
      expect(positions.map((p) => p.position)).toEqual([0, 1, 2]);
      await expect(
        q(
          `insert into accounts (user_id, broker, type, nickname, position) values ($1, 'Old Broker', 'Individual Cash', 'A4', 2)`,
          [userId],
        ),
      ).rejects.toThrow(/accounts_user_position_uq/);
    } finally {
      await database.close();
    }
  });

  it('0021 turns every trade into one-share legs without losing a field, and its totals follow the rule of legs', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database, migrationsUpTo('0018_split_change_seq'));
      const q = database.query;
      const { rows: u } = await q<{ id: string }>(
        `insert into users (username, email, password_hash) values ('legs', 'legs@example.com', 'x') returning id`,
      );
      const userId = u[0].id;
      await q(
        `insert into accounts (user_id, broker, type, nickname, position) select $1, 'B', 'Individual Cash', 'L' || g, g from generate_series(1, 5) g`,
        [userId],
      );
      await q(
        `insert into reverse_splits (name, ticker, eff_date, buy_date, ratio, status) values ('Legs', 'LEG', '2026-03-10', '2026-03-09', 10, 'Complete')`,
      );
      // A closed trade, an open one, a sale with no price, a share that never came, and nothing recorded.
      await q(
        `insert into trades (user_id, split_id, account_id, ticker, buy_date, buy_price, sell_date, sell_price, outcome, outcome_date)
         select $1, s.id, a.id, 'LEG', v.bd::date, v.bp::numeric, v.sd::date, v.sp::numeric, v.o, v.od::date
         from reverse_splits s, accounts a join (values
           ('L1', '2026-03-09', '1.25', '2026-03-12', '4.5', 'share_received', '2026-03-11'),
           ('L2', '2026-03-09', '0.5', null, null, 'pending', null),
           ('L3', null, '0.75', '2026-03-13', null, 'pending', null),
           ('L4', '2026-03-09', '1.15', null, null, 'no_credit', '2026-03-11'),
           ('L5', null, null, null, null, 'pending', null)
         ) v(n, bd, bp, sd, sp, o, od) on v.n = a.nickname`,
        [userId],
      );
      const before = (
        await q(
          `select account_id, buy_date::text, buy_price::text, sell_date::text, sell_price::text, outcome from trades order by account_id`,
        )
      ).rows;

      await migrate(database);
      const after = (
        await q(
          `select account_id, buy_date::text, buy_price::text, sell_date::text, sell_price::text, outcome from trades order by account_id`,
        )
      ).rows;
      expect(after).toEqual(before);
      const { rows: legs } = await q<{ nickname: string; legs: unknown }>(
        `select a.nickname, t.legs from trades t join accounts a on a.id = t.account_id order by a.nickname`,
      );
      expect(legs).toEqual([
        {
          nickname: 'L1',
          legs: [
            { side: 'buy', date: '2026-03-09', quantity: 1, price: 1.25 },
            { side: 'sell', date: '2026-03-12', quantity: 1, price: 4.5 },
          ],
        },
        { nickname: 'L2', legs: [{ side: 'buy', date: '2026-03-09', quantity: 1, price: 0.5 }] },
        {
          nickname: 'L3',
          legs: [
            { side: 'buy', date: null, quantity: 1, price: 0.75 },
            { side: 'sell', date: '2026-03-13', quantity: 1, price: null },
          ],
        },
        { nickname: 'L4', legs: [{ side: 'buy', date: '2026-03-09', quantity: 1, price: 1.15 }] },
        { nickname: 'L5', legs: [] },
      ]);
      const repo = analyticsRepo(database.db);
      const { accounts: _accounts, ...stored } = await repo.totalsFor(userId, Number.MAX_SAFE_INTEGER);
      const records = await repo.recordsFor(userId);
      const expected = totalsFromTrades(records.trades, records.splits);
      // L1 (+3.25) and L4 (nothing credited: −1.15) are closed; only L2 is open.
      expect(stored.splits.map((x) => [x.ticks, x.trades])).toEqual([[21_000, 2]]);
      expect(stored.openCount).toBe(1);
      expect(canonical(stored)).toEqual(canonical(expected));
    } finally {
      await database.close();
    }
  });

  it('0019 keeps every split and member as they were: exchange unknown, New York time, both buy-day reminders on', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database, migrationsUpTo('0018_split_change_seq'));
      const q = database.query;
      await q(
        `insert into users (username, email, password_hash, notify_buy_reminder_rsa) values ('old', 'old@example.com', 'x', false)`,
      );
      await q(
        `insert into reverse_splits (name, ticker, eff_date, buy_date, ratio, status) values ('Old', 'OLDX', '2026-11-30', '2026-11-27', 10, 'Upcoming')`,
      );
      await migrate(database);
      const { rows: users } = await q<Record<string, unknown>>(
        `select notify_buy_reminder_rsa, notify_buy_reminder_open, notify_buy_reminder_close, time_zone from users`,
      );
      expect(users).toEqual([
        {
          notify_buy_reminder_rsa: false,
          notify_buy_reminder_open: true,
          notify_buy_reminder_close: true,
          time_zone: 'America/New_York',
        },
      ]);
      const { rows: splits } = await q<Record<string, unknown>>(`select ticker, ratio, exchange from reverse_splits`);
      expect(splits).toEqual([{ ticker: 'OLDX', ratio: 10, exchange: null }]);
      await expect(q(`update reverse_splits set exchange = 'LSE'`)).rejects.toThrow(/reverse_splits_exchange_ck/);
    } finally {
      await database.close();
    }
  });

  it('0027 leaves the weekly reconciliation digest off for every existing member (opt-in), and gives each open position its account and split', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database, migrationsUpTo('0025_push_subscriptions'));
      const q = database.query;
      // Bought, not sold: an open position (kept by 0021's triggers).
      await oneMemberWithATrade(q, 'OLDO');
      await migrate(database);
      const { rows } = await q<Record<string, unknown>>(`select notify_reconcile_digest, notify_sell_rsa from users`);
      expect(rows).toEqual([{ notify_reconcile_digest: false, notify_sell_rsa: true }]);
      const { rows: open } = await q<Record<string, unknown>>(
        `select (o.account_id = t.account_id and o.split_id = t.split_id) as same from trade_open_positions o join trades t on t.id = o.trade_id`,
      );
      expect(open).toEqual([{ same: true }]);
    } finally {
      await database.close();
    }
  });

  it('0038 turns split verdicts on for every existing member, and takes the two new outcomes and one verdict per split, broker and outcome', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database, migrationsUpTo('0036_alert_grace'));
      const q = database.query;
      await oneMemberWithATrade(q, 'OLDV');
      await migrate(database);
      expect((await q(`select notify_verdicts from users`)).rows).toEqual([{ notify_verdicts: true }]);
      await q(`update trades set outcome = 'clawed_back', outcome_date = '2026-11-05'`);
      await expect(q(`update trades set outcome = 'lost'`)).rejects.toThrow(/trades_outcome_ck/);
      const verdict = `insert into split_verdicts (split_id, broker_id, outcome, members, first_at)
        select s.id, b.id, 'clawed_back', 3, now() from reverse_splits s, brokers b on conflict do nothing returning id`;
      expect((await q(verdict)).rows).toHaveLength(1);
      expect((await q(verdict)).rows).toHaveLength(0);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(dbKind !== 'pglite')('0031 on a database seeded before it', () => {
  it('rewords the seeded "Which brokers work best?" for visitors, and leaves an admin\'s edit alone', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database, migrationsUpTo('0028_split_pipeline'));
      const q = database.query;
      const old =
        '<p>Look for brokers that return round-up shares quickly, charge no reorganisation fee and let you open several account types. See the <strong>Brokers</strong> page for ratings and typical share return times (community estimates, not broker promises).</p>';
      await q(`insert into faqs (category, question, answer, sort) values ('Brokers', 'Which brokers work best?', $1, 0)`, [old]);
      await q(`insert into faqs (category, question, answer, sort) values ('Brokers', 'Which brokers work best?', $1, 1)`, [
        '<p>Our own words: see the Brokers page.</p>',
      ]);
      await migrate(database);
      const { rows } = await q<{ answer: string }>('select answer from faqs order by sort');
      expect(rows[0].answer).toContain('<a href="/register">Sign up free to compare brokers</a>');
      expect(rows[0].answer).not.toContain('See the <strong>Brokers</strong> page');
      expect(rows[1].answer).toBe('<p>Our own words: see the Brokers page.</p>');
    } finally {
      await database.close();
    }
  });
});
