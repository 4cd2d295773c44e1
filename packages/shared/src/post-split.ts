import { z } from 'zod';

/**
 * The symbol to sell after a split. Exchanges often list the post-split shares under a new ticker, and
 * always under a new CUSIP: a member who looks for the old symbol finds nothing, or the wrong line.
 */

/** The symbol and CUSIP the shares trade under after the split, from the exchange list or the filing. */
export const postSplitSchema = z.object({ ticker: z.string(), cusip: z.string().nullable() });
export type PostSplit = z.infer<typeof postSplitSchema>;

/**
 * What a member is told to sell: "sell as NEWT (was OLDT)" when the symbol changed, "sell as OLDT" when it
 * did not or is not known (a sentence that starts with it capitalises it: `capitalise`).
 */
export function sellAsText(ticker: string, postSplit: PostSplit | null | undefined): string {
  const now = postSplit?.ticker ?? ticker;
  return now.toUpperCase() === ticker.toUpperCase() ? `sell as ${ticker}` : `sell as ${now} (was ${ticker})`;
}

/** Whether the shares trade under another symbol after the split. */
export const symbolChanges = (ticker: string, postSplit: PostSplit | null | undefined): postSplit is PostSplit =>
  !!postSplit && postSplit.ticker.toUpperCase() !== ticker.toUpperCase();

/** The first letter in capitals: "Sell as NEWT (was OLDT)" at the start of a sentence. */
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
