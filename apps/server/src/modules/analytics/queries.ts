import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

const o = schema.tradeOpenPositions;

/**
 * Which of these members' trades are open positions (bought, not closed: migration 0021), read by the
 * trades module through `ctx.upward.openTradeIds` (its progress and To do) and by the weekly digest;
 * the totals triggers keep the table (decision 008, 023).
 */
export async function openTradeIdsOf(db: Db, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ tradeId: o.tradeId })
    .from(o)
    .where(inArray(o.userId, [...userIds]));
  return new Set(rows.map((r) => r.tradeId));
}
