import type { PostSplit } from '@roundup/shared';

/** The words that name it, shared with the web: `sellAsText(ticker, postSplit)`. */
export { sellAsText, symbolChanges } from '@roundup/shared';

/**
 * The symbol to sell after the split. Exchanges often give the post-split shares a new ticker and always a
 * new CUSIP; a member who looks for the old symbol in their positions finds nothing, or the wrong line.
 * Pure: what the second sources listed comes in.
 */

/** What one source listed for the split: its old symbol, the new one if it changes, the new CUSIP. */
export interface ListedSymbol {
  source: string;
  newSymbol: string | null;
  cusip: string | null;
}

/** The exchange's own list first (it names the CUSIP ahead), then FINRA's. */
const SOURCE_ORDER = ['nasdaq', 'finra'];
const rank = (source: string) => {
  const i = SOURCE_ORDER.indexOf(source);
  return i < 0 ? SOURCE_ORDER.length : i;
};

const clean = (v: string | null | undefined) => (v ? v.trim().toUpperCase() || null : null);

/**
 * The post-split symbol and CUSIP: the first source (in `SOURCE_ORDER`) that names a new symbol or a CUSIP.
 * A source that lists the split with no new symbol means the ticker stays. Null when no source names either:
 * nothing is known, so nothing is said.
 */
export function postSplitOf(ticker: string, listed: readonly ListedSymbol[]): PostSplit | null {
  const sorted = [...listed].sort((a, b) => rank(a.source) - rank(b.source));
  const symbol = sorted.map((l) => clean(l.newSymbol)).find((s) => s !== null) ?? null;
  const cusip = sorted.map((l) => clean(l.cusip)).find((c) => c !== null) ?? null;
  if (symbol === null && cusip === null) return null;
  return { ticker: symbol ?? ticker.toUpperCase(), cusip };
}

/** The symbols and CUSIPs a statement row of this split may be listed under: the old ones and the new. */
export function splitSymbols(ticker: string, postSplit: PostSplit | null | undefined): string[] {
  return [...new Set([ticker, postSplit?.ticker, postSplit?.cusip].filter((s): s is string => !!s).map((s) => s.toUpperCase()))];
}
