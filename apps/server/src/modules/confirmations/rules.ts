import { addDays, type ConfirmationSource, type ConfirmationState } from '@roundup/shared';

/**
 * Pure confirmation rules (decision 022): which split a list entry is about, whether a
 * source agrees with the split, and the split's state. No clock, no database; table-tested.
 */

/** What a split offers to matching and comparing. */
export interface SplitTerms {
  id: string;
  ticker: string;
  ratio: number;
  /** The effective date as the split states it: the market effective date. */
  effDate: string;
}

/** What a source listed, as stored. `resolved`: an admin kept the split's terms against these values. */
export interface SightingTerms {
  source: ConfirmationSource;
  ratio: number | null;
  marketDate: string | null;
  resolved: boolean;
}

/** How far a listed date may sit from the split's and still be about that split (a moved date is a conflict, not another split). */
export const MATCH_WINDOW_DAYS = 30;

/** The split a list entry names: same ticker (old or new symbol), date within the window, the nearest date first. */
export function matchSplit<S extends SplitTerms>(
  entry: { symbol: string; newSymbol: string | null; marketDate: string },
  splits: readonly S[],
): S | null {
  const symbols = new Set([entry.symbol, entry.newSymbol].filter(Boolean).map((s) => s!.toUpperCase()));
  const lo = addDays(entry.marketDate, -MATCH_WINDOW_DAYS);
  const hi = addDays(entry.marketDate, MATCH_WINDOW_DAYS);
  const days = (d: string) => Math.abs(Date.parse(`${d}T00:00:00Z`) - Date.parse(`${entry.marketDate}T00:00:00Z`));
  const found = splits
    .filter((s) => symbols.has(s.ticker.toUpperCase()) && s.effDate >= lo && s.effDate <= hi)
    .sort((a, b) => days(a.effDate) - days(b.effDate));
  return found[0] ?? null;
}

/** What a source says differently from the split (a source that does not state the ratio disagrees only on a date). */
export function disagreement(split: Pick<SplitTerms, 'ratio' | 'effDate'>, s: Pick<SightingTerms, 'ratio' | 'marketDate'>) {
  return {
    ratio: s.ratio !== null && s.ratio !== split.ratio,
    date: s.marketDate !== null && s.marketDate !== split.effDate,
  };
}

export const disagrees = (split: Pick<SplitTerms, 'ratio' | 'effDate'>, s: Pick<SightingTerms, 'ratio' | 'marketDate'>) => {
  const d = disagreement(split, s);
  return d.ratio || d.date;
};

/**
 * The split's state: `conflict` while any source disagrees and no admin resolved it; `confirmed`
 * when a source lists the same date (and ratio, when it states one); else `unconfirmed` (a split
 * typed by hand starts here, and so does one whose only source an admin overruled).
 */
export function confirmationState(
  split: Pick<SplitTerms, 'ratio' | 'effDate'>,
  sightings: readonly SightingTerms[],
): ConfirmationState {
  if (sightings.some((s) => !s.resolved && disagrees(split, s))) return 'conflict';
  if (sightings.some((s) => s.marketDate !== null && !disagrees(split, s))) return 'confirmed';
  return 'unconfirmed';
}

/** One conflict event (and one admin notice) per split, source and disagreeing values. */
export const conflictKey = (splitId: string, s: Pick<SightingTerms, 'source' | 'ratio' | 'marketDate'>) =>
  `conflict:${splitId}:${s.source}:${s.ratio ?? '-'}:${s.marketDate ?? '-'}`;

/** One "confirmed" event (and one members' alert) per split, ever. */
export const confirmedKey = (splitId: string) => `confirmed:${splitId}`;

/** The poll's slot: the start of the `every`-minute period holding `minutesOfDay` on `date` (New York). */
export function confirmSlot(date: string, minutesOfDay: number, every: number): string {
  const start = Math.floor(minutesOfDay / every) * every;
  return `${date}T${String(Math.floor(start / 60)).padStart(2, '0')}:${String(start % 60).padStart(2, '0')}`;
}
