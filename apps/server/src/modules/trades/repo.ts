import { and, eq } from 'drizzle-orm';
import type { Trade, TradeFields } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

const t = schema.trades;
const s = schema.reverseSplits;

type TradeRow = typeof t.$inferSelect;

const price = (v: string | null) => (v === null ? null : Number(v));
const dbPrice = (v: number | null) => (v === null ? null : String(v));

export function toTrade(r: TradeRow): Trade {
  return {
    _id: r.id,
    userId: r.userId,
    splitId: r.splitId,
    accountId: r.accountId,
    ticker: r.ticker,
    buy_date: r.buyDate,
    buy_price: price(r.buyPrice),
    sell_date: r.sellDate,
    sell_price: price(r.sellPrice),
  };
}

const columns = (f: TradeFields) => ({
  buyDate: f.buy_date,
  buyPrice: dbPrice(f.buy_price),
  sellDate: f.sell_date,
  sellPrice: dbPrice(f.sell_price),
});

export function tradesRepo(db: Db) {
  return {
    /** A split read directly for existence checks (the splits module owns its writes). */
    async split(id: string) {
      const [row] = await db
        .select({ id: s.id, name: s.name, ticker: s.ticker, buyDate: s.buyDate, effDate: s.effDate, status: s.status, archivedAt: s.archivedAt })
        .from(s)
        .where(eq(s.id, id))
        .limit(1);
      return row ?? null;
    },
    async forAccountAndSplit(userId: string, accountId: string, splitId: string): Promise<Trade | null> {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.userId, userId), eq(t.accountId, accountId), eq(t.splitId, splitId)))
        .limit(1);
      return row ? toTrade(row) : null;
    },
    async forSplit(userId: string, splitId: string): Promise<Trade[]> {
      const rows = await db.select().from(t).where(and(eq(t.userId, userId), eq(t.splitId, splitId)));
      return rows.map(toTrade);
    },
    async findOwned(userId: string, id: string) {
      const [row] = await db.select().from(t).where(and(eq(t.id, id), eq(t.userId, userId))).limit(1);
      return row ?? null;
    },
    /** Inserts; null when the account already has a trade for this split. */
    async insert(values: { userId: string; accountId: string; splitId: string; ticker: string }, fields: TradeFields): Promise<Trade | null> {
      const rows = await db
        .insert(t)
        .values({ ...values, ...columns(fields) })
        .onConflictDoNothing({ target: [t.accountId, t.splitId] })
        .returning();
      return rows[0] ? toTrade(rows[0]) : null;
    },
    async update(userId: string, id: string, fields: TradeFields): Promise<Trade | null> {
      const rows = await db
        .update(t)
        .set({ ...columns(fields), updatedAt: new Date() })
        .where(and(eq(t.id, id), eq(t.userId, userId)))
        .returning();
      return rows[0] ? toTrade(rows[0]) : null;
    },
    /** Every member's prices for one split (admin statistics). */
    async pricesForSplit(splitId: string) {
      return db.select({ userId: t.userId, buyPrice: t.buyPrice, sellPrice: t.sellPrice }).from(t).where(eq(t.splitId, splitId));
    },
  };
}
