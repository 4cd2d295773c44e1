import { expect } from 'vitest';
import type { Database } from '../src/db/client';
import { analyticsRepo } from '../src/modules/analytics/repo';
import { totalsFromTrades, type TradeTotals } from '../src/modules/analytics/rules';
import { summarize } from '../src/modules/analytics/summary-rules';

/** Order-free form of the totals, so the stored rows and the computed ones compare exactly. */
export const canonical = (x: TradeTotals) => ({
  months: [...x.months].sort((a, b) => `${a.accountId}${a.month}`.localeCompare(`${b.accountId}${b.month}`)),
  splits: [...x.splits].sort((a, b) => a.id.localeCompare(b.id)),
  returnDays: [...x.returnDays].sort((a, b) => `${a.accountId}${a.days}`.localeCompare(`${b.accountId}${b.days}`)),
  open: [...x.open].sort((a, b) => `${a.split.id}${a.accountId}`.localeCompare(`${b.split.id}${b.accountId}`)),
  openCount: x.openCount,
  totalTrades: x.totalTrades,
});

/**
 * The totals the database keeps (decision 008) equal the totals of the member's raw trades, and
 * so do their summaries. Returns the stored totals.
 */
export async function expectConsistent(database: Database, userId: string, today = '2026-03-20') {
  const repo = analyticsRepo(database.db);
  const { accounts, ...stored } = await repo.totalsFor(userId, Number.MAX_SAFE_INTEGER);
  const records = await repo.recordsFor(userId);
  const fromRaw = totalsFromTrades(records.trades, records.splits);
  expect(canonical(stored)).toEqual(canonical(fromRaw));
  expect(summarize({ today, accounts, ...stored })).toEqual(summarize({ today, accounts, ...fromRaw }));
  return stored;
}
