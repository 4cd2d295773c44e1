import { addDays, daysBetween, type DiscoveryStatus, type Rounding } from '@roundup/shared';

/**
 * The discovery cycle's pure rules (docs/discovery.md): when to poll, what to search, how a
 * search window is narrowed, which earlier proposal a filing continues, and what it changed.
 */

/** A cycle holds its slot this long (renewed after each batch); a live lease keeps the next slot from starting. */
export const CYCLE_LEASE_MS = 10 * 60_000;

/** Phrases searched in full text, each as an exact phrase. */
export const SEARCH_PHRASES = ['reverse stock split', 'reverse share split', 'share consolidation'] as const;

/** Forms that announce, propose or approve a reverse split. */
export const SEARCH_FORMS = ['8-K', '8-K/A', '6-K', '6-K/A', 'PRE 14A', 'DEF 14A', 'DEFA14A', 'PRE 14C', 'DEF 14C'] as const;

/**
 * Current-filings feed: 8-Ks whose items may carry a split (charter amendment, rights of holders) or
 * its earliest sign (3.01, a listing notice: the minimum-bid-price ones go on the deficiency watchlist).
 */
export const FEED_FORMS = ['8-K'] as const;
export const FEED_ITEMS = ['3.01', '3.03', '5.03'] as const;

/** Full-text search answers at most this many hits per query (10,000), 100 a page. */
export const SEARCH_PAGE = 100;
export const SEARCH_MAX_HITS = 10_000;

/**
 * The poll slot for `now` (New York wall time `date` and `minutes` since midnight): slots start
 * every `every` minutes inside the window; outside it there is none. `2026-11-25T06:15`.
 */
export function pollSlot(date: string, minutes: number, every: number, window: string): string | null {
  const [from, to] = window.split('-').map((hm) => {
    const [h, m] = hm.split(':').map(Number);
    return h * 60 + m;
  });
  if (minutes < from || minutes >= to) return null;
  const start = from + Math.floor((minutes - from) / every) * every;
  const hh = String(Math.floor(start / 60)).padStart(2, '0');
  const mm = String(start % 60).padStart(2, '0');
  return `${date}T${hh}:${mm}`;
}

/** The file-date window a cycle searches: from the day the last one ended (overlap of one day) to today. */
export function searchWindow(today: string, lastSearchedTo: string | null, lookbackDays: number): { from: string; to: string } {
  const floor = addDays(today, -lookbackDays);
  const from = lastSearchedTo ? addDays(lastSearchedTo, -1) : floor;
  return { from: from < floor ? floor : from, to: today };
}

/** Two halves of a window whose hit count is not exact; null when it is one day already. */
export function halve(w: { from: string; to: string }): [{ from: string; to: string }, { from: string; to: string }] | null {
  const days = daysBetween(w.from, w.to);
  if (days < 1) return null;
  const mid = addDays(w.from, Math.floor(days / 2));
  return [
    { from: w.from, to: mid },
    { from: addDays(mid, 1), to: w.to },
  ];
}

/** What a proposal says about an event, as compared between filings. */
export interface EventFacts {
  cik: string;
  form: string;
  ticker: string | null;
  ratio: number | null;
  ratioMin: number | null;
  ratioMax: number | null;
  marketDate: string | null;
  buyBy: string | null;
  rounding: Rounding;
  fileDate: string;
  /** Set when the filing postpones or cancels the split. */
  stage?: string | null;
}

export interface PriorProposal extends EventFacts {
  id: string;
  status: DiscoveryStatus;
  historical: boolean;
}

/** A filing continues an event filed at most this many days before. */
export const EVENT_SPAN_DAYS = 180;

const inRange = (ratio: number | null, p: { ratioMin: number | null; ratioMax: number | null }) =>
  ratio !== null && p.ratioMin !== null && p.ratioMax !== null && ratio >= p.ratioMin && ratio <= p.ratioMax;

/**
 * The earlier proposal a new filing continues (an event is company, ratio or authorisation,
 * market date): the same issuer's newest live proposal filed within EVENT_SPAN_DAYS, when the new
 * filing is an amendment, or states the same ratio, a ratio inside its authorised range, or the
 * same market date. A past-tense (historical) proposal never starts or continues a live event.
 */
export function continuedEvent(next: EventFacts, prior: readonly PriorProposal[]): PriorProposal | null {
  for (const p of prior) {
    if (p.cik !== next.cik || p.historical || !(p.status === 'open' || p.status === 'accepted')) continue;
    if (daysBetween(p.fileDate, next.fileDate) > EVENT_SPAN_DAYS || p.fileDate > next.fileDate) continue;
    const amendment = next.form.endsWith('/A');
    const sameRatio = next.ratio !== null && p.ratio === next.ratio;
    const chosenFromRange = inRange(next.ratio, p);
    const sameDate = next.marketDate !== null && p.marketDate === next.marketDate;
    const noTermsYet = p.ratio === null && p.marketDate === null;
    // A postponement or cancellation of the issuer's split continues its latest event.
    const notice = next.stage === 'postponed' || next.stage === 'cancelled';
    if (amendment || sameRatio || chosenFromRange || sameDate || noTermsYet || notice) return p;
  }
  return null;
}

const COMPARED = ['ticker', 'ratio', 'marketDate', 'buyBy', 'rounding'] as const;

/** The facts a later filing changed, as { field: { from, to } }; facts it does not state keep their value. */
export function changedFacts(prev: EventFacts, next: EventFacts): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const k of COMPARED) {
    const to = next[k];
    if (to === null || to === prev[k]) continue;
    if (k === 'rounding' && (to === 'UNSPECIFIED' || to === 'NONE')) continue;
    out[k] = { from: prev[k], to };
  }
  if ((next.stage === 'postponed' || next.stage === 'cancelled') && next.stage !== prev.stage)
    out.stage = { from: prev.stage ?? null, to: next.stage };
  return out;
}

/** Facts from the new filing, with what it leaves unsaid carried over from the event so far. */
export function mergedFacts<T extends EventFacts>(prev: EventFacts, next: T): T {
  const keep = <K extends keyof EventFacts>(k: K) => (next[k] === null ? prev[k] : next[k]);
  const rounding = next.rounding === 'UNSPECIFIED' || next.rounding === 'NONE' ? prev.rounding : next.rounding;
  return {
    ...next,
    ticker: keep('ticker'),
    ratio: keep('ratio'),
    ratioMin: keep('ratioMin'),
    ratioMax: keep('ratioMax'),
    marketDate: keep('marketDate'),
    buyBy: keep('buyBy'),
    rounding,
  };
}

/** Backoff for a filing whose fetch failed: 5 min, 20 min, 80 min... capped at a day; null gives up. */
export function retryDelayMs(attempts: number, maxAttempts = 6): number | null {
  if (attempts >= maxAttempts) return null;
  return Math.min(5 * 60_000 * 4 ** Math.max(0, attempts - 1), 24 * 3_600_000);
}
