import { z } from 'zod';
import { decimalInput, uuidId } from './input';
import { isoDate } from './dates';
import { EXCHANGES } from './deadline';
import { RS_TYPES, SPLIT_STATUSES, type RsType } from './domain';

/**
 * Split discovery from SEC EDGAR (docs/discovery.md): filings become proposals an admin reviews
 * at /admin/discoveries. Nothing is published without the admin's accept.
 */

/** How a filing says fractional shares are treated, most decisive first (the classifier's precedence). */
export const ROUNDINGS = [
  'DISCRETIONARY',
  'CASH_IN_LIEU',
  'ROUND_UP_PARTICIPANT',
  'ROUND_DOWN',
  'NEAREST',
  'ROUND_UP',
  'UNSPECIFIED',
  'NONE',
] as const;
export type Rounding = (typeof ROUNDINGS)[number];

/** A found filing's progress through the discovery queue. */
export const FILING_STATUSES = ['queued', 'done', 'skipped', 'failed'] as const;

/**
 * A proposal's review state. `superseded`: a later filing for the same event replaced it;
 * `historical`: the filing tells of a split already done (kept for the issuer's history, never alerts).
 */
export const DISCOVERY_STATUSES = ['open', 'accepted', 'rejected', 'superseded', 'historical'] as const;
export type DiscoveryStatus = (typeof DISCOVERY_STATUSES)[number];

/** An event's stage: proposed (proxy) → approved (meeting results) → announced → effective; or postponed, cancelled. */
export const DISCOVERY_STAGES = ['proposed', 'approved', 'announced', 'effective', 'postponed', 'cancelled'] as const;

/**
 * The split type an admin is offered for a rounding: ROUND_UP → Round Up; ROUND_UP_PARTICIPANT →
 * Round Up with the split's `participant` flag (the call reads "Round up (participant level)",
 * as every alert does); cash or round-down → CIL; the rest unconfirmed.
 */
export function rsTypeFor(rounding: Rounding): RsType {
  if (rounding === 'ROUND_UP' || rounding === 'ROUND_UP_PARTICIPANT') return 'Round Up';
  if (rounding === 'CASH_IN_LIEU' || rounding === 'ROUND_DOWN') return 'CIL';
  return 'Unconfirmed';
}

/**
 * The calendar status a proposal suggests: Complete once the market date has passed (or the
 * filing tells of a split already done), Upcoming when the market date is known, else Approved
 * (not public: a proxy or a meeting result without a date).
 */
export function proposedStatusFor(p: { marketDate: string | null; historical: boolean }, today: string) {
  if (p.historical || (p.marketDate !== null && p.marketDate < today)) return 'Complete' as const;
  if (p.marketDate !== null) return 'Upcoming' as const;
  return 'Approved' as const;
}

export const proposalSchema = z.object({
  _id: z.string(),
  accession: z.string(),
  filingUrl: z.string(),
  form: z.string(),
  fileDate: z.string(),
  acceptedAt: z.string().nullable(),
  cik: z.string(),
  company: z.string(),
  ticker: z.string().nullable(),
  /** The listing the filing names, or null. */
  exchange: z.enum(EXCHANGES).nullable(),
  /** The whole 1-for-N ratio the calendar shows; null when the filing's is not whole. */
  ratio: z.number().nullable(),
  /** The filing's ratio exactly when it is not a whole number (1-for-4.3); the admin enters the whole one on accept. */
  ratioExact: z.number().nullable(),
  ratioRange: z.object({ min: z.number(), max: z.number() }).nullable(),
  marketDate: z.string().nullable(),
  effectiveDate: z.string().nullable(),
  buyBy: z.string().nullable(),
  rounding: z.enum(ROUNDINGS),
  rsType: z.enum(RS_TYPES),
  proposedStatus: z.enum(SPLIT_STATUSES),
  stage: z.enum(DISCOVERY_STAGES).nullable(),
  historical: z.boolean(),
  holdersOfRecordOnly: z.boolean(),
  confidence: z.number(),
  evidence: z
    .object({
      sentence: z.string(),
      before: z.string().nullable(),
      after: z.string().nullable(),
      /** A sentence about the split that contradicts `sentence` (the call is then Unconfirmed). */
      conflict: z.string().optional(),
    })
    .nullable(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  previousId: z.string().nullable(),
  status: z.enum(DISCOVERY_STATUSES),
  splitId: z.string().nullable(),
  rejectReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdDate: z.string(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const discoveryListQuery = z.object({
  status: z.enum(DISCOVERY_STATUSES, { error: `status must be one of ${DISCOVERY_STATUSES.join(', ')}` }).optional(),
});

/** The classifier's record: how accepted or rejected calls of each label turned out. */
export const discoveryRecordSchema = z.object({
  accepted: z.number(),
  rejected: z.number(),
  open: z.number(),
  /**
   * How the accepted round-up calls held: of the members' recorded outcomes on those splits, how
   * many were the share (null before any outcome is recorded).
   */
  roundUpOutcomes: z.object({ splits: z.number(), received: z.number(), recorded: z.number() }).nullable(),
});

export const discoveryListResponse = z.object({
  proposals: z.array(proposalSchema),
  record: discoveryRecordSchema,
  lastRun: z
    .object({
      slot: z.string(),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      found: z.number(),
      processed: z.number(),
      proposals: z.number(),
      error: z.string().nullable(),
    })
    .nullable(),
  enabled: z.boolean(),
});
export type DiscoveryList = z.infer<typeof discoveryListResponse>;

/** Edit-then-accept: the fields the admin may change before the split is written. */
export const acceptProposalRequest = z.object({
  id: uuidId('Unknown proposal'),
  edits: z
    .object({
      name: z.string().trim().min(1, 'Company name is required').max(200).optional(),
      ticker: z.string().trim().toUpperCase().optional(),
      ratio: decimalInput('Ratio must be a whole number')
        .pipe(z.number().int('Ratio must be a whole number').min(2, 'Ratio must be at least 2'))
        .optional(),
      effDate: isoDate.optional(),
      buyDate: isoDate.optional(),
      price: decimalInput('Price must be a number').pipe(z.number().min(0, 'Price cannot be negative')).optional(),
      status: z.enum(SPLIT_STATUSES).optional(),
      rsType: z.enum(RS_TYPES).optional(),
      notes: z.string().trim().max(5000).optional(),
    })
    .strict()
    .optional(),
});
export type AcceptProposalRequest = z.infer<typeof acceptProposalRequest>;

export const rejectProposalRequest = z.object({
  id: uuidId('Unknown proposal'),
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(3, 'Give a reason (at least 3 characters)')
    .max(1000, 'The reason must be at most 1000 characters'),
});
