import { z } from 'zod';
import { EXCHANGES } from './deadline';
import { RS_TYPES } from './domain';
import { uuidId } from './input';
import { issuerHistoryEntrySchema } from './split-call';

/**
 * The pipeline (decision 032): splits before they are dated. An admin publishes an
 * entry from a discovery proposal; Pro members and admins see it whole with its evidence, Starter
 * members and visitors see it masked like any upcoming split. It leaves the pipeline once a dated
 * split of the same issuer is published.
 */
export const PIPELINE_STAGES = ['deficiency', 'proposed', 'approved', 'failed', 'postponed', 'cancelled'] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

/** How each stage reads to members. */
export const PIPELINE_STAGE_LABELS: Record<PipelineStage, string> = {
  deficiency: 'Bid-price deficiency notice',
  proposed: 'Proposed (vote pending)',
  approved: 'Approved, no date yet',
  failed: 'Vote failed',
  postponed: 'Postponed',
  cancelled: 'Cancelled',
};

/** The pipeline stage a discovery stage suggests (a meeting result that failed is set by the admin). */
export function pipelineStageFor(stage: string | null): PipelineStage {
  if (stage === 'approved' || stage === 'announced') return 'approved';
  if (stage === 'postponed' || stage === 'cancelled') return stage;
  return 'proposed';
}

/** The exchange's minimum-bid-price notice: the rule, the letter's date and the last day to regain compliance. */
export const deficiencySchema = z.object({
  rule: z.string(),
  noticeDate: z.string(),
  /** Null when the exchange gave no compliance period (it had already determined to delist). */
  deadline: z.string().nullable(),
});
export type Deficiency = z.infer<typeof deficiencySchema>;

export const pipelineEntrySchema = z.object({
  _id: z.string(),
  name: z.string(),
  ticker: z.string().nullable(),
  exchange: z.enum(EXCHANGES).nullable(),
  stage: z.enum(PIPELINE_STAGES),
  ratio: z.number().nullable(),
  ratioRange: z.object({ min: z.number(), max: z.number() }).nullable(),
  /** The filing's ratio when it is not a whole number (1-for-4.3): `ratio` is then null. */
  ratioExact: z.number().nullable().optional(),
  rsType: z.enum(RS_TYPES),
  participant: z.boolean(),
  /** Not dated yet: always null in the pipeline. */
  buyDate: z.null(),
  effDate: z.null(),
  filingUrl: z.string(),
  /** When EDGAR accepted the filing (ISO instant), or null. */
  acceptedAt: z.string().nullable(),
  /** The sentence that decided the rounding. */
  sentence: z.string().nullable(),
  history: z.array(issuerHistoryEntrySchema),
  /** The minimum-bid-price notice that put the issuer on the watchlist, kept once the entry moves on. */
  deficiency: deficiencySchema.nullable().optional(),
  /** Whether the caller follows the entry (one alert when a split is proposed). */
  following: z.boolean().optional(),
  updatedAt: z.string(),
  masked: z.literal(false),
});
export type PipelineEntry = z.infer<typeof pipelineEntrySchema>;

/** What a Starter member or a visitor gets: the stage and asterisks, with a per-response placeholder id. */
export const maskedPipelineEntrySchema = z.object({
  _id: z.string(),
  name: z.literal('*****'),
  ticker: z.literal('*****'),
  stage: z.enum(PIPELINE_STAGES),
  buyDate: z.null(),
  effDate: z.null(),
  masked: z.literal(true),
});
export type MaskedPipelineEntry = z.infer<typeof maskedPipelineEntrySchema>;

export const pipelineViewSchema = z.discriminatedUnion('masked', [pipelineEntrySchema, maskedPipelineEntrySchema]);
export type PipelineView = PipelineEntry | MaskedPipelineEntry;

export const pipelineListResponse = z.object({ entries: z.array(pipelineViewSchema) });

/** POST /api/admin/discoveries/pipeline: publish an undated proposal to the pipeline (stage defaults from the filing). */
export const publishPipelineRequest = z.object({
  id: uuidId('Unknown proposal'),
  stage: z.enum(PIPELINE_STAGES, { error: `Stage must be one of ${PIPELINE_STAGES.join(', ')}` }).optional(),
});
export type PublishPipelineRequest = z.infer<typeof publishPipelineRequest>;

/** POST /api/rs/pipeline/follow and /unfollow: one entry of the pipeline (Pro members and admins). */
export const followPipelineRequest = z.object({ id: uuidId('Unknown pipeline entry') });
export const followPipelineResponse = z.object({ id: z.string(), following: z.boolean() });
