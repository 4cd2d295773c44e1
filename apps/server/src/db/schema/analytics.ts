import { bigint, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Per-member trade totals behind GET /api/analytics/mine (decision 008). The database keeps
 * them: statement triggers on `trades` add each written trade's contribution and subtract the
 * old one, and `reverse_splits` triggers re-date them when a split's effective date changes or
 * delete its trades first when the split goes (migration 0005). Rows whose count reaches 0 are
 * removed. No foreign keys: the triggers clear rows as the trades they count are deleted, in
 * whatever order a cascade deletes them.
 *
 * Amounts are integer ticks (1/10,000 $) — `(sell_price − buy_price) × 10,000` of numeric(14,4)
 * prices is exact — and are rounded to cents once, in `rules.ts`.
 */

/** Closed trades (buy and sell price) by account and sale month (sell date, else the split's effective date). */
export const tradeMonthTotals = pgTable(
  'trade_month_totals',
  {
    userId: uuid('user_id').notNull(),
    accountId: uuid('account_id').notNull(),
    /** YYYY-MM */
    month: text('month').notNull(),
    profitTicks: bigint('profit_ticks', { mode: 'number' }).notNull(),
    trades: integer('trades').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId, t.month] })],
);

/** Closed trades by split. */
export const tradeSplitTotals = pgTable(
  'trade_split_totals',
  {
    userId: uuid('user_id').notNull(),
    splitId: uuid('split_id').notNull(),
    profitTicks: bigint('profit_ticks', { mode: 'number' }).notNull(),
    trades: integer('trades').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.splitId] })],
);

/** Sold shares by account and measured return time (sell date − effective date, in days, ≥ 0). */
export const tradeReturnDays = pgTable(
  'trade_return_days',
  {
    userId: uuid('user_id').notNull(),
    accountId: uuid('account_id').notNull(),
    days: integer('days').notNull(),
    trades: integer('trades').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId, t.days] })],
);

/** All trades and the open ones (bought, not sold) per member. */
export const tradeMemberTotals = pgTable('trade_member_totals', {
  userId: uuid('user_id').primaryKey(),
  trades: integer('trades').notNull(),
  openPositions: integer('open_positions').notNull(),
});

/**
 * The member's open positions (bought, not closed: `trade_leg_facts`, migration 0021), one row a
 * trade, kept by the same triggers: whether a trade is open depends on its legs and its split's
 * effective date, too costly to work out for every trade on each read.
 */
export const tradeOpenPositions = pgTable(
  'trade_open_positions',
  {
    tradeId: uuid('trade_id').primaryKey(),
    userId: uuid('user_id').notNull(),
    /** The trade's account and split (migration 0027): the summary orders the positions without reading each trade. */
    accountId: uuid('account_id').notNull(),
    splitId: uuid('split_id').notNull(),
  },
  (t) => [index('trade_open_positions_user_idx').on(t.userId)],
);
