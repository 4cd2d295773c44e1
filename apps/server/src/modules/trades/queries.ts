import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { relation } from '../../db/relation';

const t = schema.trades;

/** Members' trades as other modules' SQL reads them (see db/relation.ts). */
export const tradesRelation = relation(t, [
  t.id,
  t.userId,
  t.accountId,
  t.splitId,
  t.ticker,
  t.buyDate,
  t.buyPrice,
  t.sellDate,
  t.sellPrice,
]);

/**
 * What other modules may ask about members' trades (the trades table belongs to this module,
 * docs/ARCHITECTURE.md). Each read runs in the caller's `db` or transaction.
 */
export function tradeFacts(db: Db) {
  return {
    /**
     * How many trades members hold on a split. Read under the split's row lock (splits' delete),
     * it is exact: a trade being added waits on that lock through its foreign key.
     */
    async countForSplit(splitId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(t).where(eq(t.splitId, splitId));
      return Number(row?.n ?? 0);
    },
    /** How many trades a member has in each of their accounts (the accounts list). */
    async countsByAccount(userId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ accountId: t.accountId, n: count() })
        .from(t)
        .where(eq(t.userId, userId))
        .groupBy(t.accountId);
      return new Map(rows.map((r) => [r.accountId, Number(r.n)]));
    },
  };
}
