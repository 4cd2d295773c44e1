import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, text, timestamp, uniqueIndex, uuid, doublePrecision } from 'drizzle-orm/pg-core';
import { EXCHANGES, PIPELINE_STAGES, RS_TYPES } from '@roundup/shared';
import { reverseSplits } from './content';
import { inList } from './util';

/**
 * Splits before they are dated (decision 032): one entry per issuer while undated,
 * published by an admin from a discovery proposal. `split_id` is set when a dated split of the same
 * issuer is published; the entry then leaves the pipeline.
 */
export const splitPipeline = pgTable(
  'split_pipeline',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cik: text('cik').notNull(),
    name: text('name').notNull(),
    ticker: text('ticker'),
    exchange: text('exchange'),
    stage: text('stage').notNull(),
    ratio: integer('ratio'),
    ratioMin: integer('ratio_min'),
    ratioMax: integer('ratio_max'),
    /** The filing's ratio when it is not a whole number (1-for-4.3); `ratio` then stays null. */
    ratioExact: doublePrecision('ratio_exact'),
    rsType: text('rs_type').notNull().default('Unconfirmed'),
    participant: boolean('participant').notNull().default(false),
    filingUrl: text('filing_url').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    evidence: text('evidence'),
    /** A minimum-bid-price deficiency notice (stage `deficiency`): its date, compliance deadline and rule. */
    noticeDate: date('notice_date', { mode: 'string' }),
    complianceDeadline: date('compliance_deadline', { mode: 'string' }),
    deficiencyRule: text('deficiency_rule'),
    proposalId: uuid('proposal_id'),
    splitId: uuid('split_id').references(() => reverseSplits.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('split_pipeline_cik_open_uq')
      .on(t.cik)
      .where(sql`${t.splitId} is null`),
    check('split_pipeline_stage_ck', inList(t.stage, PIPELINE_STAGES)),
    check('split_pipeline_rs_type_ck', inList(t.rsType, RS_TYPES)),
    check('split_pipeline_exchange_ck', sql`${t.exchange} is null or ${inList(t.exchange, EXCHANGES)}`),
  ],
);
