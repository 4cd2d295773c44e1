import { check, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { VERDICT_OUTCOMES } from '@roundup/shared';
import { brokers, reverseSplits } from './content';
import { inList } from './util';

/**
 * A split's verdict at one broker (decision 044, migration 0038): three distinct members recorded the
 * same outcome there. The unique (split, broker, outcome) makes it once: of two writers that reach the
 * threshold at the same moment, one inserts and raises the news, the other inserts nothing. An edit that
 * takes the count below three leaves the row (the news was sent); `members` is the count when it was raised.
 */
export const splitVerdicts = pgTable(
  'split_verdicts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    splitId: uuid('split_id')
      .notNull()
      .references(() => reverseSplits.id, { onDelete: 'cascade' }),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id, { onDelete: 'cascade' }),
    outcome: text('outcome').notNull(),
    members: integer('members').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('split_verdicts_split_broker_outcome_uq').on(t.splitId, t.brokerId, t.outcome),
    check('split_verdicts_outcome_ck', inList(t.outcome, VERDICT_OUTCOMES)),
  ],
);
