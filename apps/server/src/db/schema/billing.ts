import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { inList } from './util';
import { users } from './users';

/**
 * Billing. The payment provider (Stripe, or the local test checkout) owns the truth;
 * these tables mirror what it said, re-read on every event (never trusted from event order).
 */

/** Checkout sessions started by a user (`/api/subs/session`, `/api/subs/lifetime`). */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** The provider's session id (cs_...). */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    level: text('level').notNull(),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('checkout_sessions_user_idx').on(t.userId),
    check('checkout_sessions_level_ck', inList(t.level, ['pro', 'lifetime'])),
  ],
);

/** Memberships: a provider subscription (pro) or a one-off lifetime purchase (id = its payment). */
export const memberships = pgTable(
  'memberships',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    level: text('level').notNull(),
    /** The provider's status: active, past_due, canceled, unpaid, incomplete, ... ; lifetime: active | refunded. */
    status: text('status').notNull(),
    customerId: text('customer_id'),
    priceId: text('price_id'),
    unitAmount: integer('unit_amount').notNull().default(0),
    quantity: integer('quantity').notNull().default(1),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Set when the membership was cancelled with a refund: access ends at once. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    /**
     * One paid plan per member (decision 009): set, under the member's row lock, on a plan another
     * one replaces: 'duplicate' (a second payment for what the member has) or 'upgraded' (monthly → lifetime).
     */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    supersededReason: text('superseded_reason'),
    /** What that replacement refunds, in cents, decided once when it is claimed. */
    refundDue: integer('refund_due'),
    /** When the provider cancelled and refunded the superseded plan. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('memberships_user_idx').on(t.userId), check('memberships_level_ck', inList(t.level, ['pro', 'lifetime']))],
);

/** Paid (or failed) invoices; one per billing period, and one for a lifetime purchase. */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    membershipId: text('membership_id'),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    amountPaid: integer('amount_paid').notNull().default(0),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    paymentIntentId: text('payment_intent_id'),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    invoicePdf: text('invoice_pdf'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** What the invoice asks for (a failed one collected none of it). */
    amountDue: integer('amount_due').notNull().default(0),
    /** Set when a payment of this open invoice failed; cleared when it is paid. */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    /** Stripe's next automatic retry of the failed payment. */
    nextPaymentAttempt: timestamp('next_payment_attempt', { withTimezone: true }),
  },
  (t) => [index('invoices_user_idx').on(t.userId, t.createdAt), index('invoices_payment_intent_idx').on(t.paymentIntentId)],
);

/** Webhook event ids already handled: each event is applied once. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Affiliate commissions: 20% of each paid invoice of a referred member, once per invoice. */
export const commissions = pgTable(
  'commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: uuid('referred_user_id').references(() => users.id, { onDelete: 'set null' }),
    invoiceId: text('invoice_id').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [
    index('commissions_referrer_idx').on(t.referrerId, t.createdAt),
    check('commissions_status_ck', inList(t.status, ['pending', 'paid', 'reversed'])),
    check('commissions_amount_ck', sql`${t.amountCents} >= 0`),
  ],
);

/** The local test checkout's own records (the "provider" when no Stripe key is set). */
export const localPaymentObjects = pgTable(
  'local_payment_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('local_payment_objects_kind_idx').on(t.kind)],
);

/**
 * Billing receipts and notices (payment, refund, cancellation, duplicate, upgrade): one row per
 * event, keyed so that a replayed webhook or a second confirmation cannot add another. The
 * Subscription tab lists them; each is emailed once (claimed by setting sent_at).
 */
export const billingNotices = pgTable(
  'billing_notices',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('billing_notices_user_idx').on(t.userId, t.createdAt)],
);

/**
 * What admins must look at (decision 040): a payment for a price that is not ours, and each mismatch
 * the daily reconciliation could not fix. Keyed by the problem, so seeing it again adds nothing.
 */
export const billingFlags = pgTable(
  'billing_flags',
  {
    id: text('id').primaryKey(),
    /** foreign-price | access-without-payment | payment-without-access */
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    objectId: text('object_id'),
    priceId: text('price_id'),
    detail: text('detail').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('billing_flags_open_idx').on(t.resolvedAt, t.lastSeenAt)],
);

/** One row per day the reconciliation ran (claimed by inserting it, so one process runs it). */
export const billingReconciliations = pgTable('billing_reconciliations', {
  /** The New York date, yyyy-MM-dd. */
  day: text('day').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  checked: integer('checked').notNull().default(0),
  fixed: integer('fixed').notNull().default(0),
  flagged: integer('flagged').notNull().default(0),
  error: text('error'),
});
