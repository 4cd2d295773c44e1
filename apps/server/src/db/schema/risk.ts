import { check, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CLAWBACK_KINDS } from '@roundup/shared';
import { splitPipeline } from './pipeline';
import { users } from './users';
import { inList } from './util';

/**
 * What an admin recorded of an issuer's past clawbacks of round-up shares (decision 045), each with
 * the link that shows it; matched to splits like the issuer history (CIK, else ticker or name).
 */
export const issuerClawbacks = pgTable(
  'issuer_clawbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cik: text('cik'),
    ticker: text('ticker'),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('issuer_clawbacks_kind_ck', inList(t.kind, CLAWBACK_KINDS))],
);

/** Members following a pipeline entry: one alert when a split is proposed (`alerted_at`, set once). */
export const pipelineFollows = pgTable(
  'pipeline_follows',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => splitPipeline.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'pipeline_follows_pk', columns: [t.entryId, t.userId] }),
    index('pipeline_follows_user_idx').on(t.userId),
  ],
);
