import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ACCOUNT_TYPES,
  COMM_TYPES,
  COMMUNICATION_TYPES,
  EXCHANGES,
  ROUND_UP_STATUSES,
  RS_TYPES,
  SHARE_RETURN_TIMES,
  type MinimumOrderBand,
  SPLIT_STATUSES,
  TRADE_OUTCOMES,
  type TradeLeg,
} from '@roundup/shared';
import { inList } from './util';
import { users } from './users';

const money = (name: string) => numeric(name, { precision: 14, scale: 4 });

export const reverseSplits = pgTable(
  'reverse_splits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ticker: text('ticker').notNull(),
    effDate: date('eff_date', { mode: 'string' }).notNull(),
    buyDate: date('buy_date', { mode: 'string' }).notNull(),
    ratio: integer('ratio').notNull(),
    price: money('price').notNull().default('0'),
    estProfit: money('est_profit').notNull().default('0'),
    avgProfit: money('avg_profit').notNull().default('0'),
    status: text('status').notNull().default('Approved'),
    rsType: text('rs_type').notNull().default('Unconfirmed'),
    source: text('source'),
    notes: text('notes'),
    caution: boolean('caution').notNull().default(false),
    /** Where the shares are listed (null = not known): decides the pre-split halt (decision 021). */
    exchange: text('exchange'),
    /** The filing rounds up at the participant (broker) level (decision 032). */
    participant: boolean('participant').notNull().default(false),
    /** The sentence that decided the rounding, and when EDGAR accepted the filing (Pro and admin only). */
    evidence: text('evidence'),
    filedAt: timestamp('filed_at', { withTimezone: true }),
    /** The issuer's SEC CIK (from discovery): matches its earlier splits. */
    cik: text('cik'),
    /** Set instead of deleting a split members have trades on (decision 011): hidden everywhere, trades kept. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reverse_splits_buy_date_idx').on(t.buyDate),
    index('reverse_splits_eff_date_idx').on(t.effDate),
    index('reverse_splits_cik_idx').on(t.cik),
    check('reverse_splits_status_ck', inList(t.status, SPLIT_STATUSES)),
    check('reverse_splits_rs_type_ck', inList(t.rsType, RS_TYPES)),
    check('reverse_splits_ratio_ck', sql`${t.ratio} >= 1`),
    check('reverse_splits_dates_ck', sql`${t.buyDate} <= ${t.effDate}`),
    check('reverse_splits_exchange_ck', sql`${t.exchange} is null or ${inList(t.exchange, EXCHANGES)}`),
  ],
);

/**
 * The last split change id (migration 0017, decision 006): one row, bumped by every split write
 * transaction just before it commits. The live stream's event ids are these numbers.
 */
export const splitChangeSeq = pgTable(
  'split_change_seq',
  {
    one: boolean('one').primaryKey().notNull().default(true),
    lastValue: bigint('last_value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('split_change_seq_one_row_ck', sql`${t.one}`)],
);

export const brokers = pgTable(
  'brokers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    logo: text('logo'),
    headline: text('headline'),
    signupPromo: text('signup_promo'),
    refLink: text('ref_link'),
    shareReturnTime: integer('share_return_time').notNull().default(1),
    rating: integer('rating').notNull().default(0),
    fees: text('fees'),
    notes: text('notes'),
    fullReview: text('full_review'),
    reviewBlurb: text('review_blurb'),
    accountCash: boolean('account_cash').notNull().default(false),
    accountMargin: boolean('account_margin').notNull().default(false),
    accountTradIRA: boolean('account_trad_ira').notNull().default(false),
    accountRothIRA: boolean('account_roth_ira').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    /** The minimum order by price band, [{ below, minShares }] (migration 0023). */
    minimumOrder: jsonb('minimum_order').$type<MinimumOrderBand[]>().notNull().default([]),
    /** Whether the share arrives on the market effective date; null: not known. */
    dayOneDelivery: boolean('day_one_delivery'),
    /** honours, does_not_honour or blocks (round-up buys), as of `round_up_status_date`, per the source note. */
    roundUpStatus: text('round_up_status'),
    roundUpStatusDate: date('round_up_status_date', { mode: 'string' }),
    roundUpStatusSource: text('round_up_status_source'),
    /** The broker credits the fraction of a post-split share instead of paying cash (migration 0037). */
    returnsFraction: boolean('returns_fraction').notNull().default(false),
    /** What a new account may not buy yet, in the broker's words. */
    newAccountRestriction: text('new_account_restriction'),
    /** The broker's reorganisation fee in cents; null: not known. */
    reorgFeeCents: integer('reorg_fee_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('brokers_rating_ck', sql`${t.rating} between 0 and 5`),
    check('brokers_reorg_fee_cents_ck', sql`${t.reorgFeeCents} is null or ${t.reorgFeeCents} >= 0`),
    check('brokers_share_return_time_ck', inList(t.shareReturnTime, SHARE_RETURN_TIMES)),
    check('brokers_round_up_status_ck', sql`${t.roundUpStatus} is null or ${inList(t.roundUpStatus, ROUND_UP_STATUSES)}`),
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brokerId: uuid('broker_id').references(() => brokers.id, { onDelete: 'set null' }),
    /** The broker's name when the account was saved (product.md#stored Account.broker). */
    broker: text('broker').notNull(),
    type: text('type').notNull(),
    nickname: text('nickname').notNull(),
    position: integer('position').notNull().default(0),
    /** An inactive account keeps its history but is left out of bulk defaults and sell reminders. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_user_idx').on(t.userId, t.position),
    /** One account per position in a member's list (migration 0010 makes it DEFERRABLE, for reorders). */
    unique('accounts_user_position_uq').on(t.userId, t.position),
    check('accounts_type_ck', inList(t.type, ACCOUNT_TYPES)),
  ],
);

export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    splitId: uuid('split_id')
      .notNull()
      .references(() => reverseSplits.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ticker: text('ticker').notNull(),
    buyDate: date('buy_date', { mode: 'string' }),
    buyPrice: money('buy_price'),
    sellDate: date('sell_date', { mode: 'string' }),
    sellPrice: money('sell_price'),
    /** What the split gave: pending, share_received, cash_in_lieu, no_credit, fraction_kept, clawed_back. */
    outcome: text('outcome').notNull().default('pending'),
    outcomeDate: date('outcome_date', { mode: 'string' }),
    /**
     * Every buy and sell (migration 0021, decision 023), oldest first; buy_* and sell_* are
     * its first buy and last sell, kept so by the trigger trades_legs_sync.
     */
    legs: jsonb('legs').$type<TradeLeg[]>().notNull(),
    /** Shares the split left, a fraction up to six places when the broker kept one (null: not said). */
    sharesReceived: numeric('shares_received', { precision: 20, scale: 6, mode: 'number' }),
    /** Cash paid for the fraction. */
    cashInLieuAmount: money('cash_in_lieu_amount'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('trades_account_split_uq').on(t.accountId, t.splitId),
    check('trades_outcome_ck', inList(t.outcome, TRADE_OUTCOMES)),
    index('trades_user_idx').on(t.userId),
    index('trades_split_idx').on(t.splitId),
    check('trades_legs_ck', sql`jsonb_typeof(${t.legs}) = 'array'`),
    check('trades_shares_received_ck', sql`${t.sharesReceived} is null or ${t.sharesReceived} >= 0`),
    check('trades_cash_in_lieu_ck', sql`${t.cashInLieuAmount} is null or ${t.cashInLieuAmount} >= 0`),
    check('trades_sell_after_buy_ck', sql`${t.sellDate} is null or ${t.buyDate} is null or ${t.sellDate} >= ${t.buyDate}`),
  ],
);

export const faqs = pgTable(
  'faqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: text('category').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('faqs_sort_ck', sql`${t.sort} between 0 and 5`), index('faqs_category_idx').on(t.category)],
);

export const feedback = pgTable('feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  feedback: text('feedback').notNull(),
  email: text('email').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
});

export const communications = pgTable(
  'communications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    sender: text('sender').notNull(),
    audience: text('audience'),
    message: text('message').notNull(),
    messageCount: integer('message_count').notNull().default(0),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    /** Announcements (general, newsletter): the email subject. */
    subject: text('subject'),
    /** Announcements: members reached (message_count counts every channel). */
    recipients: integer('recipients'),
    /** The client's idempotency key: the same request sent twice records and sends once. */
    requestId: uuid('request_id').unique(),
  },
  (t) => [check('communications_type_ck', inList(t.type, COMMUNICATION_TYPES))],
);

/** Where the local mail/SMS/WhatsApp/Discord adapters deliver (product.md#running). */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient), check('outbox_channel_ck', inList(t.channel, COMM_TYPES))],
);

export const pageViews = pgTable(
  'page_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    path: text('path').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_created_idx').on(t.createdAt)],
);

/**
 * A change of a split's terms after publication (migration 0024, decision 025): one row per
 * changed term, only ever added, shown on the split to the members who may see it.
 */
export const splitTermChanges = pgTable(
  'split_term_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    splitId: uuid('split_id')
      .notNull()
      .references(() => reverseSplits.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    fromValue: jsonb('from_value').$type<string | number>().notNull(),
    toValue: jsonb('to_value').$type<string | number>().notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('split_term_changes_split_idx').on(t.splitId, t.changedAt, t.id)],
);
