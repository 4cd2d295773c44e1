import { z } from 'zod';
import { SOURCE_NAMES, type Confirmation } from './confirmations';
import type { RsType } from './domain';

/**
 * The call on a split: what happens to a fractional share, as members read it on
 * every row, card, agenda entry, alert and calendar event. One function decides the label and
 * whether the split may say "Buy" or show an estimated profit; everything that shows a split asks it.
 * Pure: no clock, no database.
 */
export const SPLIT_CALLS = ['round-up', 'round-up-participant', 'round-lot', 'cash-in-lieu', 'dividend', 'unconfirmed'] as const;
export type SplitCallKind = (typeof SPLIT_CALLS)[number];

export interface SplitCall {
  kind: SplitCallKind;
  /** The badge: "Round up", "Round up (participant level)", "Cash in lieu", "Unconfirmed"… */
  label: string;
  /** Whether the split may say "Buy" and show an estimated profit: only when the call is a round-up. */
  buy: boolean;
  /** What to say beside "Buy" or the profit (participant level), or null. */
  caveat: string | null;
  /** What is known, said instead of "Buy" when the call is not a round-up (e.g. "cash in lieu"). */
  known: string;
  /**
   * Why a round-up is held back (amber): "check the filing" (the caution flag) or what a second
   * source says ("Nasdaq says 1-for-40"); null when nothing is. While it stands, no "Buy" and no estimate.
   */
  warning: string | null;
}

export const PARTICIPANT_CAVEAT =
  'Rounded up at the participant (broker) level: whether your account gets the share depends on your broker.';

const CALLS: Record<SplitCallKind, Omit<SplitCall, 'kind' | 'warning'>> = {
  'round-up': { label: 'Round up', buy: true, caveat: null, known: 'round up' },
  'round-up-participant': {
    label: 'Round up (participant level)',
    buy: true,
    caveat: PARTICIPANT_CAVEAT,
    known: 'round up at the participant level',
  },
  'round-lot': { label: 'Round up (round lot)', buy: true, caveat: null, known: 'rounded up to a round lot' },
  'cash-in-lieu': { label: 'Cash in lieu', buy: false, caveat: null, known: 'cash in lieu' },
  dividend: { label: 'Dividend', buy: false, caveat: null, known: 'fractions paid as a dividend' },
  unconfirmed: { label: 'Unconfirmed', buy: false, caveat: null, known: 'rounding unconfirmed' },
};

/** The facts that decide the call: the split's type, and whether the filing rounds at the participant level. */
export interface CallFacts {
  rsType: RsType | string;
  /** The filing rounds up for DTC participants / record holders, not each beneficial owner. */
  participant?: boolean | null;
  /** The admin's caution flag: something in the filing needs reading (cash in lieu allowed, a condition). */
  caution?: boolean | null;
  /** The split's ratio, to name what a disagreeing source lists instead. */
  ratio?: number | null;
  /** A second source's word (Pro and admin rows), or only its state (an alert's payload). */
  confirmation?: Pick<Confirmation, 'state' | 'sources'> | string | null;
}

/** What holds a round-up back: sources that disagree first (they name the number), then the caution flag. */
function callWarning(s: CallFacts): string | null {
  const c = s.confirmation;
  const state = typeof c === 'string' ? c : c?.state;
  if (state === 'conflict') {
    const other = typeof c === 'object' ? c?.sources.find((x) => x.ratio !== null && x.ratio !== s.ratio) : undefined;
    return other ? `${SOURCE_NAMES[other.source]} says 1-for-${other.ratio}` : 'sources disagree';
  }
  return s.caution ? 'check the filing' : null;
}

/** THE call of a split, table-tested in split-call.test.ts. */
export function splitCall(s: CallFacts): SplitCall {
  const kind: SplitCallKind =
    s.rsType === 'Round Up'
      ? s.participant
        ? 'round-up-participant'
        : 'round-up'
      : s.rsType === 'Round Lot'
        ? 'round-lot'
        : s.rsType === 'CIL'
          ? 'cash-in-lieu'
          : s.rsType === 'Dividend'
            ? 'dividend'
            : 'unconfirmed';
  const call = CALLS[kind];
  // A warning holds back only a call that would say "Buy"; cash in lieu or unconfirmed already does not.
  const warning = call.buy ? callWarning(s) : null;
  if (!warning) return { kind, ...call, warning: null };
  return { kind, ...call, label: `${call.label}: ${warning}`, buy: false, known: warning, warning };
}

/**
 * A split's one-line headline for a calendar event or an alert's subject: "Buy ABCD" for a round-up,
 * otherwise what is known ("DXVQ reverse split — cash in lieu"), never "Buy".
 */
export function callHeadline(s: CallFacts & { ticker: string }): string {
  const c = splitCall(s);
  return c.buy ? `Buy ${s.ticker}` : `${s.ticker} reverse split — ${c.known}`;
}

/** What the filing said: the deciding sentence and the filing, Pro and admin only (never on a masked row). */
export const splitEvidenceSchema = z.object({
  sentence: z.string().nullable(),
  filingUrl: z.string().nullable(),
  /** When EDGAR accepted the filing (ISO instant), or null when not known. */
  acceptedAt: z.string().nullable(),
});
export type SplitEvidence = z.infer<typeof splitEvidenceSchema>;

/** One of the issuer's earlier reverse splits, from our own history. */
export const issuerHistoryEntrySchema = z.object({
  date: z.string(),
  ratio: z.number(),
  /** The call's label on that split ("Round up", "Cash in lieu", …). */
  rounding: z.string(),
});
export type IssuerHistoryEntry = z.infer<typeof issuerHistoryEntrySchema>;

/**
 * The buy-by deadline sentence (deadline.ts `deadlineText`) as a split with this call says it: a
 * round-up says "Buy by 4:00 pm ET …"; any other call names the deadline without telling anyone to
 * buy ("Buy-by deadline 4:00 pm ET …").
 */
export function callDeadlineText(text: string, s: CallFacts): string {
  return splitCall(s).buy ? text : text.replace(/^Buy by /, 'Buy-by deadline ');
}
