import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONFIRMATION_SOURCES } from '@roundup/shared';
import { reverseSplits } from './content';
import { inList } from './util';

/**
 * What each second source lists for a split (decision 022, migration 0020): one row
 * per split and source. `resolvedAt`: an admin kept the split's terms against these values.
 */
export const splitSightings = pgTable(
  'split_sightings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    splitId: uuid('split_id')
      .notNull()
      .references(() => reverseSplits.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    symbol: text('symbol').notNull(),
    newSymbol: text('new_symbol'),
    cusip: text('cusip'),
    ratio: integer('ratio'),
    marketDate: date('market_date', { mode: 'string' }),
    url: text('url').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('split_sightings_split_source_uq').on(t.splitId, t.source),
    check('split_sightings_source_ck', inList(t.source, CONFIRMATION_SOURCES)),
  ],
);

/** The confirmation history; never deleted (a trigger refuses DELETE), and it outlives the split. */
export const confirmationEvents = pgTable(
  'confirmation_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    splitId: uuid('split_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    source: text('source'),
    ratio: integer('ratio'),
    marketDate: date('market_date', { mode: 'string' }),
    note: text('note'),
    actorId: uuid('actor_id'),
    dedupeKey: text('dedupe_key'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('confirmation_events_dedupe_uq').on(t.dedupeKey),
    index('confirmation_events_split_idx').on(t.splitId, t.at),
    check('confirmation_events_kind_ck', inList(t.kind, ['seen', 'conflict', 'confirmed', 'resolved'])),
  ],
);

/** One row per poll slot: each slot runs once across processes. */
export const confirmationRuns = pgTable('confirmation_runs', {
  slot: text('slot').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  entries: integer('entries').notNull().default(0),
  matched: integer('matched').notNull().default(0),
  error: text('error'),
});
