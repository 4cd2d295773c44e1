import { IMPORT_UNMATCHED_LISTED, type ImportBuy, type ImportPreview, type TradePatch, type UnmatchedRow } from '@roundup/shared';
import type { StatementRow } from './formats/types';
import { statementTrade, type CandidateSplit, type RowMatch } from './match-rules';

/** A row that matched a split, with its fingerprint. */
export interface FreshRow {
  fingerprint: string;
  splitId: string;
  row: StatementRow;
}

/** A statement's rows sorted by split: those that matched one, and the first of those that did not. */
export interface SortedRows {
  matched: FreshRow[];
  /** The first unmatched rows, with the reason (a file of 100,000 dividends would not fit an answer). */
  unmatched: UnmatchedRow[];
  unmatchedTotal: number;
}

export interface ImportPlan {
  alreadyImported: number;
  fresh: FreshRow[];
  unmatched: UnmatchedRow[];
  unmatchedTotal: number;
}

/**
 * Sorts a statement's rows (decision 030), pure: rows that match no split are listed with the reason (the
 * first of them) and counted; the rest are kept with their split and fingerprint.
 */
export function sortRows(
  rows: readonly StatementRow[],
  fingerprints: readonly string[],
  matches: readonly RowMatch[],
): SortedRows {
  const sorted: SortedRows = { matched: [], unmatched: [], unmatchedTotal: 0 };
  rows.forEach((row, i) => {
    const m = matches[i];
    if (m.splitId) sorted.matched.push({ fingerprint: fingerprints[i], splitId: m.splitId, row });
    else if (sorted.unmatchedTotal++ < IMPORT_UNMATCHED_LISTED)
      sorted.unmatched.push({
        line: row.line,
        date: row.date,
        symbol: row.symbol,
        action: row.action,
        reason: m.reason ?? 'No split',
      });
  });
  return sorted;
}

/** Rows imported before change nothing; the other matched rows are fresh. */
export function planImport(rows: SortedRows, taken: ReadonlySet<string>): ImportPlan {
  const fresh = rows.matched.filter((m) => !taken.has(m.fingerprint));
  return {
    alreadyImported: rows.matched.length - fresh.length,
    fresh,
    unmatched: rows.unmatched,
    unmatchedTotal: rows.unmatchedTotal,
  };
}

/**
 * What one split's statement rows (those imported before and the fresh ones) set on the trade: the
 * legs when the statement has buys or sells (the statement is the truth: they replace the legs; a
 * statement with sells but no buy — a later period's export — keeps the buys already recorded), the
 * outcome when it has split rows; nothing else changes. A buy the member gave for rows without one
 * joins the legs.
 */
export function patchFor(
  rows: readonly StatementRow[],
  given?: Omit<ImportBuy, 'splitId' | 'accountId'>,
): { patch: TradePatch; keepStoredBuys: boolean } {
  const { legs, outcome } = statementTrade(rows);
  const hasBuy = legs?.some((l) => l.side === 'buy') ?? false;
  const withGiven = given && !hasBuy ? [{ side: 'buy' as const, ...given }, ...(legs ?? [])] : legs;
  const keepStoredBuys = withGiven !== null && !withGiven.some((l) => l.side === 'buy');
  return { patch: { ...(withGiven ? { legs: withGiven } : {}), ...(outcome ?? {}) }, keepStoredBuys };
}

/**
 * The buy to ask for when a split's trade has none (recorded or in the file): on the split's buy day,
 * for the shares the rows account for — those sold before the split plus those the split took in.
 */
export function buyToAsk(rows: readonly StatementRow[], split: { buyDate: string; effDate: string }) {
  const soldBefore = rows.filter((r) => r.kind === 'sell' && r.date < split.effDate).reduce((n, r) => n + r.quantity, 0);
  const splitOut = rows.filter((r) => r.kind === 'split_out').reduce((n, r) => n + r.quantity, 0);
  const soldAfter = rows.filter((r) => r.kind === 'sell' && r.date >= split.effDate).length ? 1 : 0;
  return { date: split.buyDate, quantity: Math.max(1, Math.round(soldBefore + (splitOut || soldAfter))) };
}

/** "ACMR (Acme Robotics)" in messages. */
export const splitLabel = (s: Pick<CandidateSplit, 'ticker' | 'name'>) => `${s.ticker} (${s.name})`;

/** "line 4" or "lines 4, 7 and 9": where a problem comes from. */
export function linesOf(rows: readonly StatementRow[]): string {
  const lines = [...new Set(rows.map((r) => r.line))].sort((a, b) => a - b);
  if (lines.length === 1) return `line ${lines[0]}`;
  return `lines ${lines.slice(0, -1).join(', ')} and ${lines[lines.length - 1]}`;
}

/** The preview of a whole file from its RoundUp accounts' parts: rows and counts added, trades and unmatched rows listed in turn. */
export function joinPreviews(
  head: Pick<ImportPreview, 'format' | 'brokerAccount' | 'accounts'>,
  parts: readonly Omit<ImportPreview, 'format' | 'brokerAccount' | 'accounts'>[],
): ImportPreview {
  const sum = (f: (p: (typeof parts)[number]) => number) => parts.reduce((n, p) => n + f(p), 0);
  return {
    format: head.format,
    brokerAccount: head.brokerAccount,
    accounts: head.accounts,
    rows: sum((p) => p.rows),
    alreadyImported: sum((p) => p.alreadyImported),
    trades: parts.flatMap((p) => p.trades),
    unmatched: parts.flatMap((p) => p.unmatched).slice(0, IMPORT_UNMATCHED_LISTED),
    unmatchedTotal: sum((p) => p.unmatchedTotal),
  };
}
