import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DISCOVERY_STATUSES, FILING_STATUSES, ROUNDINGS } from '@roundup/shared';
import { reverseSplits } from './content';
import { users } from './users';
import { inList } from './util';

/** Raw bytes (gzipped filing bodies). node-postgres gives a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * SEC filings the discovery found (full-text search or the current-filings feed), one row per
 * accession: the durable work queue of the discovery cycle (docs/discovery.md). A filing is
 * fetched and classified once; a crash leaves it `queued` or leased, and the next cycle goes on.
 */
export const edgarFilings = pgTable(
  'edgar_filings',
  {
    accession: text('accession').primaryKey(),
    cik: text('cik').notNull(),
    company: text('company').notNull(),
    form: text('form').notNull(),
    fileDate: date('file_date', { mode: 'string' }).notNull(),
    /** The document the search matched (the primary document when the feed found it), if known. */
    primaryDoc: text('primary_doc'),
    displayNames: jsonb('display_names').$type<string[]>().notNull().default([]),
    foundBy: text('found_by').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    error: text('error'),
    /** The filing's acceptance time from its index page. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    discoveredAt: timestamp('discovered_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('edgar_filings_due_idx').on(t.status, t.nextAttemptAt),
    index('edgar_filings_cik_idx').on(t.cik, t.fileDate),
    check('edgar_filings_status_ck', inList(t.status, FILING_STATUSES)),
  ],
);

/** Each fetched document, stored once, gzipped, with the SHA-256 of its raw body: re-parsing needs no request. */
export const edgarDocuments = pgTable(
  'edgar_documents',
  {
    accession: text('accession')
      .notNull()
      .references(() => edgarFilings.accession, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    /** '8-K', 'EX-99.1', 'index'... */
    type: text('type').notNull(),
    url: text('url').notNull(),
    sha256: text('sha256').notNull(),
    bytes: integer('bytes').notNull(),
    bodyGz: bytea('body_gz').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accession, t.filename] })],
);

/**
 * What a filing says about a reverse split, proposed to the admins (the review queue). A later
 * filing for the same event supersedes the open proposal and records what changed.
 */
export const discoveryProposals = pgTable(
  'discovery_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accession: text('accession')
      .notNull()
      .references(() => edgarFilings.accession, { onDelete: 'cascade' }),
    cik: text('cik').notNull(),
    company: text('company').notNull(),
    ticker: text('ticker'),
    /** The listing the filing names, or null. */
    exchange: text('exchange'),
    form: text('form').notNull(),
    fileDate: date('file_date', { mode: 'string' }).notNull(),
    /** The whole 1-for-N ratio the calendar shows; null when the filing's is not whole (see ratioExact). */
    ratio: integer('ratio'),
    /** The filing's ratio exactly, when it is not a whole number (1-for-4.3): the admin enters the whole one. */
    ratioExact: doublePrecision('ratio_exact'),
    ratioMin: integer('ratio_min'),
    ratioMax: integer('ratio_max'),
    marketDate: date('market_date', { mode: 'string' }),
    effectiveDate: date('effective_date', { mode: 'string' }),
    buyBy: date('buy_by', { mode: 'string' }),
    rounding: text('rounding').notNull(),
    stage: text('stage'),
    historical: boolean('historical').notNull().default(false),
    holdersOfRecordOnly: boolean('holders_of_record_only').notNull().default(false),
    confidence: real('confidence').notNull(),
    /** The deciding sentence and its neighbours. */
    evidence: jsonb('evidence').$type<{
      sentence: string;
      before: string | null;
      after: string | null;
      conflict?: string;
    } | null>(),
    /** Fields that differ from the previous proposal for the same event: { field: { from, to } }. */
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    previousId: uuid('previous_id'),
    status: text('status').notNull().default('open'),
    /** The split an accepted proposal created or updated (and that a later change proposal updates). */
    splitId: uuid('split_id').references(() => reverseSplits.id, { onDelete: 'set null' }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    /** When the admins were told about a new round-up (null: not yet, or not a round-up). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discovery_proposals_accession_uq').on(t.accession),
    index('discovery_proposals_status_idx').on(t.status, t.createdAt),
    index('discovery_proposals_cik_idx').on(t.cik, t.createdAt),
    check('discovery_proposals_status_ck', inList(t.status, DISCOVERY_STATUSES)),
    check('discovery_proposals_rounding_ck', inList(t.rounding, ROUNDINGS)),
    check('discovery_proposals_ratio_ck', sql`${t.ratio} is null or ${t.ratio} >= 2`),
  ],
);

/**
 * One row per poll slot (e.g. `2026-11-25T14:15`), inserted once: two replicas never run the same
 * slot, and the lease keeps a slow cycle from overlapping the next one. Holds the cycle's counts.
 */
export const discoveryRuns = pgTable('discovery_runs', {
  slot: text('slot').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** Search window the cycle covered (file dates). */
  searchedFrom: date('searched_from', { mode: 'string' }),
  searchedTo: date('searched_to', { mode: 'string' }),
  found: integer('found').notNull().default(0),
  processed: integer('processed').notNull().default(0),
  proposals: integer('proposals').notNull().default(0),
  requests: integer('requests').notNull().default(0),
  error: text('error'),
});
