import { splitCall, type IssuerHistoryEntry, type RsType } from '@roundup/shared';

/**
 * The issuer's earlier reverse splits from our own history: members treat repeat
 * splitters differently. Pure: the candidates are given.
 */

/** What identifies an issuer: its SEC CIK when known, else its ticker and company name. */
export interface IssuerKey {
  id?: string;
  cik: string | null;
  ticker: string | null;
  name: string;
}

export interface PastSplitFacts extends IssuerKey {
  id: string;
  effDate: string;
  ratio: number;
  rsType: RsType | string;
  participant?: boolean;
  status: string;
  /** The split's filing link (what a member clawback on it cites). */
  source?: string | null;
}

const SUFFIXES = /\b(inc|incorporated|corp|corporation|co|company|ltd|limited|plc|llc|sa|nv|ag|holdings?)\b/g;

/** A company name compared loosely: case, punctuation and legal suffixes ("Inc.", "Corp", "Ltd") do not count. */
export function companyKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(SUFFIXES, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Same issuer: two CIKs decide alone (tickers are reused); otherwise the same ticker or the same company name. */
export function sameIssuer(a: IssuerKey, b: IssuerKey): boolean {
  if (a.cik && b.cik) return a.cik === b.cik;
  if (a.ticker && b.ticker && a.ticker.toUpperCase() === b.ticker.toUpperCase()) return true;
  const ka = companyKey(a.name);
  return ka !== '' && ka === companyKey(b.name);
}

/**
 * The issuer's completed splits before the split's market date (null = undated, every one counts),
 * newest first; never the split itself. Built once per list: candidates are indexed by CIK, ticker
 * and company name, so a list of thousands of splits costs a few map reads per row, not a pass over
 * every other row.
 */
export function issuerSplitsIndex(candidates: readonly PastSplitFacts[]) {
  const done = candidates.filter((c) => c.status === 'Complete');
  const index = (key: (c: PastSplitFacts) => string | null) => {
    const m = new Map<string, PastSplitFacts[]>();
    for (const c of done) {
      const k = key(c);
      if (k) m.set(k, [...(m.get(k) ?? []), c]);
    }
    return m;
  };
  const byCik = index((c) => c.cik);
  const byTicker = index((c) => c.ticker?.toUpperCase() ?? null);
  const byName = index((c) => companyKey(c.name) || null);
  return (split: IssuerKey & { effDate: string | null }): PastSplitFacts[] => {
    const found = new Set<PastSplitFacts>(split.cik ? (byCik.get(split.cik) ?? []) : []);
    const loose = [
      ...(split.ticker ? (byTicker.get(split.ticker.toUpperCase()) ?? []) : []),
      ...(byName.get(companyKey(split.name)) ?? []),
    ];
    for (const c of loose) if (sameIssuer(split, c)) found.add(c);
    return [...found]
      .filter((c) => c.id !== split.id && (split.effDate === null || c.effDate < split.effDate))
      .sort((a, b) => b.effDate.localeCompare(a.effDate));
  };
}

/** As `issuerSplitsIndex`, each earlier split with its date, ratio and the call's label. */
export function issuerHistoryIndex(candidates: readonly PastSplitFacts[]) {
  const splits = issuerSplitsIndex(candidates);
  return (split: IssuerKey & { effDate: string | null }): IssuerHistoryEntry[] =>
    splits(split).map((c) => ({ date: c.effDate, ratio: c.ratio, rounding: splitCall(c).label }));
}

/** One split's history (see `issuerHistoryIndex`, which a list should build once). */
export function issuerHistory(
  split: IssuerKey & { effDate: string | null },
  candidates: readonly PastSplitFacts[],
): IssuerHistoryEntry[] {
  return issuerHistoryIndex(candidates)(split);
}
