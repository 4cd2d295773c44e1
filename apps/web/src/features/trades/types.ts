import type { TradeOutcome } from '@roundup/shared';
import type { Deadline, Exchange } from '@roundup/shared/deadline';

/** The split a Record Trades modal and its rows are about. */
export interface TradeSplit {
  _id: string;
  name: string;
  ticker: string;
  buyDate: string;
  effDate: string;
  /** The split's announced price, when known (the broker's minimum order at it). */
  price?: number | null;
  /** The listing and the buy-by deadline (a whole split carries both; otherwise derived from buyDate). */
  exchange?: Exchange | null;
  deadline?: Deadline | null;
}

/** How a trade's round-up ended, as members read it; `pending` until they say. */
export const OUTCOME_LABELS: Record<Exclude<TradeOutcome, 'pending'>, string> = {
  share_received: 'Share received',
  fraction_kept: 'Fraction kept',
  cash_in_lieu: 'Cash in lieu',
  clawed_back: 'Clawed back',
  no_credit: 'Nothing credited',
};
