import { z } from 'zod';
import { MEASURED_MIN_MEMBERS } from './brokers';
import { capitalise, sellAsText, type PostSplit } from './post-split';
import type { TradeOutcome } from './trades';

/**
 * A split's verdict at one broker (decision 044): once three distinct members recorded the same outcome
 * there, members still waiting at that broker are told, and Pro split rows carry it.
 */

/**
 * Distinct members with the same outcome at one broker before it is news: one report is an anecdote and two
 * can be one household, and it is the floor below which no per-broker figure is shown (a member could read
 * another's outcome off it), so a verdict never says more than the split's own outcomes list.
 */
export const VERDICT_THRESHOLD = MEASURED_MIN_MEMBERS;

/** The outcomes a verdict can be (every recorded outcome but `pending`). */
export const VERDICT_OUTCOMES = ['share_received', 'fraction_kept', 'cash_in_lieu', 'clawed_back', 'no_credit'] as const;
export type VerdictOutcome = (typeof VERDICT_OUTCOMES)[number] & TradeOutcome;

/** One verdict on a Pro split row: the broker, the outcome, how many members reported it, and when it was reached. */
export const splitVerdictSchema = z.object({
  brokerId: z.string(),
  brokerName: z.string(),
  outcome: z.enum(VERDICT_OUTCOMES),
  members: z.number().int(),
  firstAt: z.string(),
});
export type SplitVerdict = z.infer<typeof splitVerdictSchema>;

/** A split as a verdict names it: its ticker, and the symbol the shares trade under after it when known. */
type VerdictSplit = { ticker: string; postSplit?: PostSplit | null };

/** "Sell as NEWT (was OLDT)", or "Sell as OLDT" when the symbol did not change or is not known. */
export const symbolToSell = (split: VerdictSplit): string => capitalise(sellAsText(split.ticker, split.postSplit));

/** What a verdict says, in the messages and on the calendar ("DXVQ: 3 members report cash in lieu at Fidelity."). */
export function verdictText(split: VerdictSplit, verdict: Pick<SplitVerdict, 'brokerName' | 'outcome' | 'members'>): string {
  const { brokerName: broker, members: n } = verdict;
  const t = split.ticker;
  switch (verdict.outcome) {
    case 'share_received':
      return `${t} rounded up at ${broker}: ${n} members got their share. ${symbolToSell(split)}.`;
    case 'fraction_kept':
      return `${t}: ${n} members report a fraction of a share kept at ${broker}. ${symbolToSell(split)}.`;
    case 'cash_in_lieu':
      return `${t}: ${n} members report cash in lieu at ${broker}.`;
    case 'clawed_back':
      return `${t}: ${n} members report the share clawed back at ${broker}.`;
    case 'no_credit':
      return `${t}: ${n} members report no credit at ${broker}.`;
  }
}
