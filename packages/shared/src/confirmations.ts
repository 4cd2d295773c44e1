import { z } from 'zod';
import { formatIsoDate } from './dates';
import { uuidId } from './input';

/**
 * A second source confirms each upcoming split (decision 022): the exchange's own
 * notice (Nasdaq Trader's daily list) or FINRA's OTC daily list. Pro members and admins see a
 * split's `confirmation`; a masked row and a Starter's row carry none (the server leaves it off).
 */
export const CONFIRMATION_SOURCES = ['nasdaq', 'finra'] as const;
export type ConfirmationSource = (typeof CONFIRMATION_SOURCES)[number];

export const CONFIRMATION_STATES = ['unconfirmed', 'confirmed', 'conflict'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

/** How each source is named to members. */
export const SOURCE_NAMES: Record<ConfirmationSource, string> = { nasdaq: 'Nasdaq', finra: 'FINRA' };

export const confirmationSourceSchema = z.object({
  source: z.enum(CONFIRMATION_SOURCES),
  /** When we last read this entry (ISO instant). */
  seenAt: z.string(),
  ratio: z.number().nullable(),
  /** The market effective date the source lists (YYYY-MM-DD). */
  marketDate: z.string().nullable(),
  /** The list the entry came from. */
  url: z.string(),
  /** The symbol after the split when the list says it changes, and the new CUSIP; null when not listed. */
  newSymbol: z.string().nullable().optional(),
  cusip: z.string().nullable().optional(),
});
export type ConfirmationSourceEntry = z.infer<typeof confirmationSourceSchema>;

export const confirmationSchema = z.object({
  state: z.enum(CONFIRMATION_STATES),
  sources: z.array(confirmationSourceSchema),
});
export type Confirmation = z.infer<typeof confirmationSchema>;

/** POST /api/admin/confirmations/resolve: the admin keeps the split's terms and closes the source's disagreement. */
export const resolveConflictRequest = z.object({
  splitId: uuidId('Unknown split'),
  note: z
    .string({ error: 'Say how the conflict was resolved' })
    .trim()
    .min(1, 'Say how the conflict was resolved')
    .max(1000, 'The note must be at most 1000 characters'),
});
export type ResolveConflictRequest = z.infer<typeof resolveConflictRequest>;

export const confirmationHistorySchema = z.object({
  events: z.array(
    z.object({
      at: z.string(),
      kind: z.enum(['seen', 'conflict', 'confirmed', 'resolved']),
      source: z.enum(CONFIRMATION_SOURCES).nullable(),
      ratio: z.number().nullable(),
      marketDate: z.string().nullable(),
      note: z.string().nullable(),
      actor: z.string().nullable(),
    }),
  ),
});
export type ConfirmationHistory = z.infer<typeof confirmationHistorySchema>;

const shortDay = (d: string) => formatIsoDate(d, 'MMM d');

/**
 * What members read of a conflict, one sentence per disagreeing source:
 * "Nasdaq lists 1-for-30 on Dec 12; the filing said 1-for-40".
 */
export function conflictSentences(
  split: { ratio: number; effDate: string },
  sources: readonly Pick<ConfirmationSourceEntry, 'source' | 'ratio' | 'marketDate'>[],
): string[] {
  const out: string[] = [];
  for (const s of sources) {
    const ratioDiffers = s.ratio !== null && s.ratio !== split.ratio;
    const dateDiffers = s.marketDate !== null && s.marketDate !== split.effDate;
    if (!ratioDiffers && !dateDiffers) continue;
    const listed = `${SOURCE_NAMES[s.source]} lists 1-for-${s.ratio ?? split.ratio} on ${shortDay(s.marketDate ?? split.effDate)}`;
    const filed = [ratioDiffers ? `1-for-${split.ratio}` : null, dateDiffers ? `on ${shortDay(split.effDate)}` : null]
      .filter(Boolean)
      .join(' ');
    out.push(`${listed}; the filing said ${filed}`);
  }
  return out;
}

/** The badge text of each state. */
export const CONFIRMATION_LABELS: Record<ConfirmationState, string> = {
  unconfirmed: 'Not yet confirmed',
  confirmed: 'Confirmed by the exchange',
  conflict: 'Sources disagree',
};
