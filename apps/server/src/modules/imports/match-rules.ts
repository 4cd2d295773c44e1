import { addDays, daysBetween, type TradeLeg, type TradeOutcome } from '@roundup/shared';
import type { StatementRow } from './formats/types';

/** A split a statement row may belong to (one the member can record trades on). */
export interface CandidateSplit {
  id: string;
  name: string;
  ticker: string;
  buyDate: string;
  effDate: string;
}

export interface RowMatch {
  splitId: string | null;
  /** Why the row matched no split (shown in the preview), else null. */
  reason: string | null;
}

/** Buys and sells this many days before a split's effective date belong to it (round-up buys come days before). */
export const BUY_WINDOW_DAYS = 45;
/** A kept share sold within a year after the split belongs to it. */
export const SELL_WINDOW_DAYS = 365;
/** Split rows, rounding corrections and cash in lieu within this many days of the effective date. */
export const OUTCOME_WINDOW_DAYS = 10;

/**
 * The split a statement row belongs to (decision 030), pure: a row of the split's ticker; a buy or sell
 * before a split's effective date (within 45 days) belongs to the next split, one on or after it (within
 * a year) to the last one; a reverse-split, rounding or cash-in-lieu row to the split whose effective
 * date is nearest (within 10 days).
 */
export function matchRow(row: StatementRow, splits: readonly CandidateSplit[]): RowMatch {
  return matchIn(row, byTicker(splits));
}

/** Splits by upper-case ticker (a statement of 5,000 rows looks each up once). */
const byTicker = (splits: readonly CandidateSplit[]) => {
  const map = new Map<string, CandidateSplit[]>();
  for (const s of splits) map.set(s.ticker.toUpperCase(), [...(map.get(s.ticker.toUpperCase()) ?? []), s]);
  return map;
};

function matchIn(row: StatementRow, tickers: ReadonlyMap<string, readonly CandidateSplit[]>): RowMatch {
  if (row.kind === 'option') return miss(`An option, not imported: RoundUp records shares (${row.action})`);
  if (row.kind === 'other') return miss(`Not a buy, sell or reverse-split row (${row.action || 'no action'})`);
  if (!row.symbol)
    return miss(
      /\bISIN\b/.test(row.action)
        ? 'The row has an ISIN but no symbol, and RoundUp matches splits by ticker: add the Symbol column to the export'
        : 'The row has no symbol',
    );
  const same = tickers.get(row.symbol) ?? [];
  if ((row.kind === 'buy' || row.kind === 'sell') && (!Number.isInteger(row.quantity) || row.quantity < 1))
    return miss(`${row.quantity} shares: RoundUp records whole shares`);
  let pick: CandidateSplit | undefined;
  if (row.kind === 'buy' || row.kind === 'sell') {
    const before = same.filter((s) => row.date < s.effDate && row.date >= addDays(s.effDate, -BUY_WINDOW_DAYS));
    const after = same.filter((s) => row.date >= s.effDate && row.date <= addDays(s.effDate, SELL_WINDOW_DAYS));
    pick =
      before.sort((a, b) => a.effDate.localeCompare(b.effDate))[0] ?? after.sort((a, b) => b.effDate.localeCompare(a.effDate))[0];
  } else {
    const near = same.filter((s) => Math.abs(daysBetween(s.effDate, row.date)) <= OUTCOME_WINDOW_DAYS);
    pick = near.sort((a, b) => Math.abs(daysBetween(a.effDate, row.date)) - Math.abs(daysBetween(b.effDate, row.date)))[0];
  }
  return pick ? { splitId: pick.id, reason: null } : miss(`No reverse split of ${row.symbol} around ${row.date}`);
}

const miss = (reason: string): RowMatch => ({ splitId: null, reason });

/**
 * Every row's split. Schwab and Fidelity often write the old shares' removal under the old CUSIP, not
 * the ticker: a removal that matched nothing belongs to the split its same-day addition matched.
 */
export function matchRows(rows: readonly StatementRow[], splits: readonly CandidateSplit[]): RowMatch[] {
  const tickers = byTicker(splits);
  const matches = rows.map((r) => matchIn(r, tickers));
  const addedOn = new Map<string, string>();
  rows.forEach((r, i) => {
    if (r.kind === 'split_in' && matches[i].splitId) addedOn.set(r.date, matches[i].splitId!);
  });
  return matches.map((m, i) =>
    m.splitId || rows[i].kind !== 'split_out' || !addedOn.has(rows[i].date)
      ? m
      : { splitId: addedOn.get(rows[i].date)!, reason: null },
  );
}

/** What a statement's rows say a trade is: its legs (null: no buys or sells) and its outcome (null: not yet). */
export interface StatementTrade {
  legs: TradeLeg[] | null;
  outcome: { outcome: TradeOutcome; outcome_date: string; shares_received: number; cash_in_lieu_amount: number | null } | null;
}

/**
 * Fills of one order: a broker writes each execution as a row (25 fills of one buy are common), so
 * same-day fills of one side at one price are one leg holding their shares.
 */
function mergeFills(rows: readonly StatementRow[]): TradeLeg[] {
  const legs = new Map<string, TradeLeg>();
  for (const r of rows) {
    const key = `${r.kind}|${r.date}|${r.price}`;
    const leg = legs.get(key);
    if (leg) leg.quantity += r.quantity;
    else legs.set(key, { side: r.kind as 'buy' | 'sell', date: r.date, quantity: r.quantity, price: r.price });
  }
  return [...legs.values()];
}

/** Oldest first; on one day the buys before the sells (the dance), as trades keep their legs. */
const byDate = (a: TradeLeg, b: TradeLeg) =>
  a.date!.localeCompare(b.date!) || (a.side === b.side ? 0 : a.side === 'buy' ? -1 : 1);

const latest = (rows: readonly StatementRow[]) => rows.reduce((d, r) => (r.date > d ? r.date : d), '');

/**
 * One split's rows as a trade (decision 030): buys and sells are its legs; the shares the split
 * added (Schwab's and Fidelity's second "Reverse Split" row, tastytrade's reverse split and its
 * "Rounding Correction" a day later, IBKR's RS row) are the shares received, whole shares only,
 * dated by the last of them; cash for a fraction (Schwab "Cash In Lieu", Fidelity "IN LIEU OF FRX
 * SHARE", IBKR "FracShare") makes the outcome cash in lieu, dated by the payment.
 */
export function statementTrade(rows: readonly StatementRow[]): StatementTrade {
  const trades = rows.filter((r) => r.kind === 'buy' || r.kind === 'sell');
  const legs = trades.length ? mergeFills(trades).sort(byDate) : null;
  const added = rows.filter((r) => r.kind === 'split_in' || r.kind === 'rounding');
  const cash = rows.filter((r) => r.kind === 'cash_in_lieu');
  // Sums in ten-thousandths: IBKR books fractions like 0.1 + 0.9.
  const shares = Math.floor(Math.round(added.reduce((n, r) => n + r.quantity, 0) * 10_000) / 10_000);
  if (cash.length) {
    const amount = Math.round(cash.reduce((n, r) => n + (r.amount ?? 0), 0) * 10_000) / 10_000;
    const outcome = {
      outcome: 'cash_in_lieu' as const,
      outcome_date: latest(cash),
      shares_received: shares,
      cash_in_lieu_amount: amount,
    };
    return { legs, outcome };
  }
  if (shares >= 1)
    return {
      legs,
      outcome: { outcome: 'share_received', outcome_date: latest(added), shares_received: shares, cash_in_lieu_amount: null },
    };
  return { legs, outcome: null };
}
