import { and, eq, sql } from 'drizzle-orm';
import type { Trade, TradeLeg } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { splitFacts, type LockedSplit } from '../splits/queries';
import { flatOf, type TradeState } from './legs-rules';
import type { ProgressRow } from './rules';

const t = schema.trades;

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
    outcome: r.outcome as Trade['outcome'],
    outcome_date: r.outcomeDate,
    legs: r.legs.map((l: TradeLeg) => ({
      side: l.side,
      date: l.date,
      quantity: Number(l.quantity),
      price: l.price === null ? null : Number(l.price),
    })),
    shares_received: r.sharesReceived,
    cash_in_lieu_amount: price(r.cashInLieuAmount),
  };
}

/** A stored trade's legs and outcome (what an edit merges into). */
export const stateOf = (t: Trade): TradeState => ({
  legs: t.legs,
  outcome: t.outcome,
  outcome_date: t.outcome_date,
  shares_received: t.shares_received,
  cash_in_lieu_amount: t.cash_in_lieu_amount,
});

/** The row's columns: the legs, and the flat fields as their first buy and last sell. */
export const columns = (f: TradeState) => {
  const flat = flatOf(f.legs);
  return {
    legs: f.legs,
    buyDate: flat.buy_date,
    buyPrice: dbPrice(flat.buy_price),
    sellDate: flat.sell_date,
    sellPrice: dbPrice(flat.sell_price),
    outcome: f.outcome,
    outcomeDate: f.outcome_date,
    sharesReceived: f.shares_received,
    cashInLieuAmount: dbPrice(f.cash_in_lieu_amount),
  };
};

/** One UPDATE for many trades' legs and outcomes; the flat fields follow the legs (trigger trades_legs_sync). */
export async function updateTrades(tx: Db, changes: readonly { id: string; fields: TradeState }[]) {
  const rows = changes.map(({ id, fields }) => {
    const c = columns(fields);
    return {
      id,
      legs: c.legs,
      outcome: c.outcome,
      outcome_date: c.outcomeDate,
      shares: c.sharesReceived,
      cash: c.cashInLieuAmount,
    };
  });
  await tx.execute(sql`
    update trades set legs = v.legs, outcome = v.outcome, outcome_date = v.outcome_date,
      shares_received = v.shares, cash_in_lieu_amount = v.cash, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, legs jsonb, outcome text, outcome_date date,
      shares numeric, cash numeric)
    where trades.id = v.id`);
}

/**
 * One INSERT for many new trades (one parameter whatever their number); a trade that exists meanwhile
 * is skipped (the unique account × split). Answers how many were inserted.
 */
export async function insertTrades(
  tx: Db,
  rows: readonly { userId: string; accountId: string; splitId: string; ticker: string; fields: TradeState }[],
): Promise<number> {
  const values = rows.map(({ fields, ...r }) => {
    const c = columns(fields);
    return {
      ...r,
      legs: c.legs,
      outcome: c.outcome,
      outcome_date: c.outcomeDate,
      shares: c.sharesReceived,
      cash: c.cashInLieuAmount,
    };
  });
  // The flat fields follow the legs (trigger trades_legs_sync).
  const res = (await tx.execute(sql`
    insert into trades (user_id, account_id, split_id, ticker, legs, outcome, outcome_date, shares_received, cash_in_lieu_amount)
    select v."userId", v."accountId", v."splitId", v.ticker, v.legs, v.outcome, v.outcome_date, v.shares, v.cash
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v("userId" uuid, "accountId" uuid, "splitId" uuid, ticker text,
      legs jsonb, outcome text, outcome_date date, shares numeric, cash numeric)
    on conflict (account_id, split_id) do nothing
    returning id`)) as unknown as { rows: unknown[] };
  return res.rows.length;
}

export function tradesRepo(db: Db) {
  return {
    /** The split a trade names (read through the splits module). */
    split: (id: string) => splitFacts(db).forTrade(id),
    async forAccountAndSplit(userId: string, accountId: string, splitId: string): Promise<Trade | null> {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.userId, userId), eq(t.accountId, accountId), eq(t.splitId, splitId)))
        .limit(1);
      return row ? toTrade(row) : null;
    },
    async forSplit(userId: string, splitId: string): Promise<Trade[]> {
      const rows = await db
        .select()
        .from(t)
        .where(and(eq(t.userId, userId), eq(t.splitId, splitId)));
      return rows.map(toTrade);
    },
    async findOwned(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.id, id), eq(t.userId, userId)))
        .limit(1);
      return row ?? null;
    },
    /**
     * Inserts; null when the account already has a trade for this split (the unique constraint
     * trades_account_split_uq decides between parallel adds). `check` sees the split as it is once
     * locked (null when an admin deleted it meanwhile) and throws to refuse: the split cannot change
     * between that check and the insert, so the insert never meets a foreign-key violation.
     */
    async insert(
      values: { userId: string; accountId: string; splitId: string; ticker: string },
      fields: TradeState,
      check: (split: LockedSplit | null) => void,
    ): Promise<Trade | null> {
      return db.transaction(async (tx) => {
        check(await splitFacts(tx as unknown as Db).lockForTrade(values.splitId));
        const rows = await tx
          .insert(t)
          .values({ ...values, ...columns(fields) })
          .onConflictDoNothing({ target: [t.accountId, t.splitId] })
          .returning();
        return rows[0] ? toTrade(rows[0]) : null;
      });
    },
    /**
     * Updates the member's trade to `change(stored)`, computed from the row as it is once locked
     * (two tabs each sending a different field both keep their change); null when it is gone.
     */
    async update(userId: string, id: string, splitId: string, change: (stored: Trade) => TradeState): Promise<Trade | null> {
      return db.transaction(async (tx) => {
        await splitFacts(tx as unknown as Db).lockForTrade(splitId);
        const [stored] = await tx
          .select()
          .from(t)
          .where(and(eq(t.id, id), eq(t.userId, userId)))
          .for('update');
        if (!stored) return null;
        const fields = change(toTrade(stored));
        const rows = await tx
          .update(t)
          .set({ ...columns(fields), updatedAt: new Date() })
          .where(and(eq(t.id, id), eq(t.userId, userId)))
          .returning();
        return rows[0] ? toTrade(rows[0]) : null;
      });
    },
    /** Every member's trades on one split (admin statistics). */
    async forSplitAllMembers(splitId: string): Promise<Trade[]> {
      const rows = await db.select().from(t).where(eq(t.splitId, splitId));
      return rows.map(toTrade);
    },
  };
}

/**
 * The member's trades as their progress reads them (trades/rules.ts `splitProgressOf`): bought, sold
 * (a sale recorded) and the outcome; which are still held is analytics' (migration 0021).
 */
export async function progressRows(db: Db, userId: string): Promise<ProgressRow[]> {
  const rows = await db
    .select({
      id: t.id,
      splitId: t.splitId,
      accountId: t.accountId,
      bought: sql<boolean>`(${t.buyDate} is not null or ${t.buyPrice} is not null)`,
      sale: sql<boolean>`(${t.sellDate} is not null or ${t.sellPrice} is not null)`,
      outcome: t.outcome,
    })
    .from(t)
    .where(eq(t.userId, userId));
  return rows.map((r) => ({ ...r, bought: Boolean(r.bought), sale: Boolean(r.sale) }));
}
