import {
  proposedStatusFor,
  rsTypeFor,
  splitInputSchema,
  publicationProblems,
  type AcceptProposalRequest,
  type FieldProblem,
  type Proposal,
  type Split,
  type SplitInput,
} from '@roundup/shared';
import { exactRatioText, withExactRatio } from './ratio-rules';
import type { ProposalRow } from './repo';

/**
 * The accept's pure rules (decision 025): the split a proposal becomes, and why the
 * server refuses to publish it. No clock (`today` is given), no database.
 */

/** The split's fields before validation: what the proposal, the admin's edits and an earlier split say. */
export type DraftSplit = Record<keyof SplitInput, unknown> & {
  ratio: number | null;
  /** The filing's ratio when it is not whole: the admin enters the whole one (not a split field). */
  ratioExact: number | null;
  price: number;
  buyDate: string | null;
  effDate: string | null;
};

export function draftSplit(
  p: Pick<
    ProposalRow,
    | 'company'
    | 'ticker'
    | 'exchange'
    | 'marketDate'
    | 'buyBy'
    | 'ratio'
    | 'ratioExact'
    | 'rounding'
    | 'historical'
    | 'evidence'
    | 'holdersOfRecordOnly'
    | 'confidence'
  >,
  base: Split | null,
  edits: AcceptProposalRequest['edits'],
  opts: { today: string; source: string },
): DraftSplit {
  const e = edits ?? {};
  return {
    name: e.name ?? base?.name ?? p.company,
    ticker: e.ticker ?? p.ticker ?? base?.ticker ?? null,
    effDate: e.effDate ?? p.marketDate ?? base?.effDate ?? null,
    buyDate: e.buyDate ?? p.buyBy ?? base?.buyDate ?? null,
    ratio: e.ratio ?? p.ratio ?? base?.ratio ?? null,
    ratioExact: p.ratioExact,
    price: e.price ?? base?.price ?? 0,
    // The split's figure when the admin changed neither; the splits module derives it again when
    // the ratio or the price moved (decision 025).
    estProfit: base && e.price === undefined && e.ratio === undefined ? base.estProfit : null,
    avgProfit: base?.avgProfit ?? 0,
    status: e.status ?? proposedStatusFor(p, opts.today),
    rsType: e.rsType ?? rsTypeFor(p.rounding as Proposal['rounding']),
    source: opts.source,
    notes: withExactRatio(e.notes ?? base?.notes ?? (p.evidence ? `“${p.evidence.sentence}”` : null), p.ratioExact)?.slice(
      0,
      5000,
    ),
    // A round-up for holders of record only, or a low-confidence call, is flagged for members.
    caution: base?.caution || p.holdersOfRecordOnly || p.confidence < 0.6,
    // The listing the filing named; none named: unknown on a new split, kept on an existing one.
    exchange: (p.exchange as SplitInput['exchange']) ?? undefined,
    // Rounded up for DTC participants / record holders: the call says so.
    participant: p.rounding === 'ROUND_UP_PARTICIPANT' || (base?.participant ?? false),
  };
}

/**
 * Why the server will not publish this split: a missing ratio, a missing or $0 price (members
 * would read "estimated profit $0.00"), a missing date, a buy-by or effective date that is not a
 * trading day. Each with the field it is about; empty when it may be accepted.
 */
export function acceptProblems(
  d: Pick<DraftSplit, 'ratio' | 'price' | 'buyDate' | 'effDate'> & { ratioExact?: number | null },
): FieldProblem[] {
  const out: FieldProblem[] = [];
  if ((d.ratio === null || !Number.isFinite(d.ratio)) && d.ratioExact)
    out.push({
      path: 'ratio',
      msg: `${exactRatioText(d.ratioExact).slice(0, -1)}: enter the whole 1-for-N ratio members will see (the exact one goes into the notes).`,
    });
  else if (d.ratio === null || !Number.isFinite(d.ratio))
    out.push({ path: 'ratio', msg: 'The ratio is missing: enter the 1-for-N ratio from the filing before members are told.' });
  if (!d.effDate)
    out.push({ path: 'effDate', msg: 'The market date is missing: enter the first day on the split-adjusted basis.' });
  if (!d.buyDate)
    out.push({ path: 'buyDate', msg: 'The buy-by date is missing: enter the last trading day before the market date.' });
  // The price and the trading days: the gate a split typed by hand passes too (decision 038).
  return [...out, ...publicationProblems(d)];
}

/** The draft as a split the splits module writes, or every problem (readiness first, then the form's own rules). */
export function readySplit(d: DraftSplit): { input: SplitInput; problems: [] } | { input: null; problems: FieldProblem[] } {
  const problems = acceptProblems(d);
  if (problems.length > 0) return { input: null, problems };
  const parsed = splitInputSchema.safeParse(d);
  if (parsed.success) return { input: parsed.data, problems: [] };
  return {
    input: null,
    problems: parsed.error.issues.map((i) => ({
      path: i.path.join('.') || undefined,
      msg: `${i.message}. Edit the proposal, then accept.`,
    })),
  };
}
