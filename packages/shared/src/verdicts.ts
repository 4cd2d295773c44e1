import { z } from 'zod';
import { MEASURED_MIN_MEMBERS } from './brokers';
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

/**
 * The symbol a member sells the post-split share under. For now the split's own ticker; where the
 * exchange list names a new symbol, that rule answers here, so every "Sell as" follows it.
 */
export function symbolToSell(split: { ticker: string }): string {
  return split.ticker;
}

/** What a verdict says, in the messages and on the calendar ("DXVQ: 3 members report cash in lieu at Fidelity."). */
export function verdictText(
  split: { ticker: string },
  verdict: Pick<SplitVerdict, 'brokerName' | 'outcome' | 'members'>,
): string {
  const { brokerName: broker, members: n } = verdict;
  const t = split.ticker;
  switch (verdict.outcome) {
    case 'share_received':
      return `${t} rounded up at ${broker}: ${n} members got their share. Sell as ${symbolToSell(split)}.`;
    case 'fraction_kept':
      return `${t}: ${n} members report a fraction of a share kept at ${broker}. Sell as ${symbolToSell(split)}.`;
    case 'cash_in_lieu':
      return `${t}: ${n} members report cash in lieu at ${broker}.`;
    case 'clawed_back':
      return `${t}: ${n} members report the share clawed back at ${broker}.`;
    case 'no_credit':
      return `${t}: ${n} members report no credit at ${broker}.`;
  }
}
