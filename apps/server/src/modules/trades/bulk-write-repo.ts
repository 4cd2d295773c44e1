import { and, eq, inArray } from 'drizzle-orm';
import type { Trade } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { splitFacts, type LockedSplit } from '../splits/queries';
import type { TradeState } from './legs-rules';
import { columns, toTrade, updateTrades } from './repo';

const t = schema.trades;

/**
 * POST /api/trades/bulk in one transaction: locks the split (decision 010) and the member's
 * trades on it for `accountIds`, lets `compute` check everything and give the new fields of each
 * account that changes (it throws to refuse: nothing is written), then one UPDATE for those
 * trades that exist and one INSERT for the rest; an account `compute` leaves out is not written. 'raced' when another request inserted one of those trades
 * meanwhile: the caller runs it again, so that trade is merged, never overwritten.
 */
export async function bulkWriteTrades(
  db: Db,
  values: { userId: string; splitId: string; ticker: string },
  accountIds: readonly string[],
  compute: (split: LockedSplit | null, stored: Trade[]) => Map<string, TradeState>,
): Promise<Trade[] | 'raced'> {
  const RACED = Symbol('raced');
  try {
    return await db.transaction(async (t0) => {
      const tx = t0 as unknown as Db;
      const locked = await splitFacts(tx).lockForTrade(values.splitId);
      const where = and(eq(t.userId, values.userId), eq(t.splitId, values.splitId), inArray(t.accountId, [...accountIds]));
      const stored = await tx.select().from(t).where(where).for('update');
      const next = compute(locked, stored.map(toTrade));
      const byAccount = new Set(stored.map((r) => r.accountId));
      const changed = stored.filter((r) => next.has(r.accountId));
      if (changed.length > 0)
        await updateTrades(
          tx,
          changed.map((r) => ({ id: r.id, fields: next.get(r.accountId)! })),
        );
      const fresh = accountIds.filter((id) => !byAccount.has(id) && next.has(id));
      if (fresh.length > 0) {
        const inserted = await tx
          .insert(t)
          .values(fresh.map((accountId) => ({ ...values, accountId, ...columns(next.get(accountId)!) })))
          .onConflictDoNothing({ target: [t.accountId, t.splitId] })
          .returning({ id: t.id });
        if (inserted.length < fresh.length) throw RACED;
      }
      const rows = await tx.select().from(t).where(where);
      const order = new Map(accountIds.map((id, i) => [id, i]));
      return rows.map(toTrade).sort((a, b) => order.get(a.accountId)! - order.get(b.accountId)!);
    });
  } catch (err) {
    if (err === RACED) return 'raced';
    throw err;
  }
}
