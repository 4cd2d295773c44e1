import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DELIVERY_STATUSES } from '@roundup/shared';
import { users } from './users';
import { inList } from './util';

/**
 * One notification event (a split announced, today's buy reminders, an admin SMS...).
 * `key` is unique, so raising the same event twice is a no-op (docs/decisions: notification queue).
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    kind: text('kind').notNull(),
    /** What the templates need (split fields, the admin's message...). */
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Fan-out to the audience runs in the worker, in chunks of users ordered by id: the event
     * commits with the split (one row), the worker materialises deliveries (docs/decisions/005).
     */
    fanoutPending: boolean('fanout_pending').notNull().default(false),
    fanoutCursor: uuid('fanout_cursor'),
    proOnlyAudience: boolean('pro_only_audience').notNull().default(false),
    fanoutDoneAt: timestamp('fanout_done_at', { withTimezone: true }),
    /** A split alert waits until then (the grace period), so a delete, edit or Undo before it removes it. */
    releaseAt: timestamp('release_at', { withTimezone: true }),
    /** The split a held alert is about (no foreign key: a deleted split's alerts are removed with it). */
    splitId: uuid('split_id'),
  },
  (t) => [
    index('notification_events_fanout_idx').on(t.fanoutPending, t.createdAt),
    index('notification_events_held_idx')
      .on(t.splitId, t.releaseAt)
      .where(sql`release_at is not null`),
  ],
);

/**
 * The durable delivery queue and the delivery log in one table: one row per
 * (event, user, channel), unique by `idem_key`, so a retry never sends twice.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idemKey: text('idem_key').notNull().unique(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    /** Per-user data the template needs (e.g. the sell-reminder lines). */
    data: jsonb('data'),
    /** queued → sending → sent | failed; or skipped when the member is no longer eligible at send time. */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    providerId: text('provider_id'),
    /** The provider's error of the last failed try, or why a delivery was skipped. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('notification_deliveries_event_idx').on(t.eventId),
    index('notification_deliveries_created_idx').on(t.createdAt),
    check('notification_deliveries_status_ck', inList(t.status, DELIVERY_STATUSES)),
    check('notification_deliveries_channel_ck', sql`${t.channel} in ('email', 'sms', 'whatsapp', 'discord', 'push')`),
  ],
);

/**
 * The browsers (devices) a member turned push alerts on in (decision 026): the push service's
 * endpoint, unique (a browser subscription belongs to one member), and the keys its messages are
 * encrypted to. A 404/410 from the push service deletes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the settings page calls it ("Chrome on Linux"), from the browser's User-Agent. */
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/** Scheduled runs already made (job name + market date), so a schedule fires once per day across workers. */
export const scheduledRuns = pgTable('scheduled_runs', {
  key: text('key').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The unsubscribe links that were used (decision 039): the link's id (the random nonce sealed in
 * its token), so a used link is spent and replaying it changes nothing. Links are not stored when sent.
 */
export const unsubscribeUses = pgTable('unsubscribe_uses', {
  linkId: text('link_id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  pref: text('pref').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});
