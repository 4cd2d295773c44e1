import { addDays, daysBetween, type TradeLeg, type TradeOutcome } from '@roundup/shared';
import type { StatementRow } from './formats/types';

/** A split a statement row may belong to (one the member can record trades on). */
export interface CandidateSplit {
  id: string;
  name: string;
  ticker: string;
  buyDate: string;
  effDate: string;
  /** Every symbol its rows may carry: the ticker, and after the split the new ticker and CUSIP (upper case). */
  symbols?: readonly string[];
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
/** A credited share taken back (a later removal of the new shares) within this many days after the split. */
export const REVERSAL_WINDOW_DAYS = 120;

/**
 * The split a statement row belongs to (decision 030), pure: a row of the split's ticker; a buy or sell
 * before a split's effective date (within 45 days) belongs to the next split, one on or after it (within
 * a year) to the last one; a reverse-split, rounding or cash-in-lieu row to the split whose effective
 * date is nearest (within 10 days); a removal of shares with no sale after a split (within 120 days) to
 * the last such split. A row matches a split under its old ticker, or its new symbol or CUSIP once listed.
 * Only a sale after the split sells a fraction.
 */
export function matchRow(row: StatementRow, splits: readonly CandidateSplit[]): RowMatch {
  return matchIn(row, byTicker(splits));
}

/** Splits by upper-case ticker (a statement of 5,000 rows looks each up once). */
const byTicker = (splits: readonly CandidateSplit[]) => {
  const map = new Map<string, CandidateSplit[]>();
  for (const s of splits)
    for (const symbol of s.symbols ?? [s.ticker.toUpperCase()]) map.set(symbol, [...(map.get(symbol) ?? []), s]);
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
  const fraction = !Number.isInteger(row.quantity);
  if ((row.kind === 'buy' || row.kind === 'sell') && row.quantity <= 0) return miss(`${row.quantity} shares: nothing to record`);
  if (row.kind === 'buy' && fraction) return miss(`${row.quantity} shares: RoundUp records whole shares bought`);
  const after = (days: number) => same.filter((s) => row.date >= s.effDate && row.date <= addDays(s.effDate, days));
  const latestFirst = (list: CandidateSplit[]) => list.sort((a, b) => b.effDate.localeCompare(a.effDate))[0];
  let pick: CandidateSplit | undefined;
  if (row.kind === 'buy' || row.kind === 'sell') {
    const before = same.filter((s) => row.date < s.effDate && row.date >= addDays(s.effDate, -BUY_WINDOW_DAYS));
    // A fraction is only ever sold after the split that credited it.
    const earliest = fraction ? undefined : before.sort((a, b) => a.effDate.localeCompare(b.effDate))[0];
    pick = earliest ?? latestFirst(after(SELL_WINDOW_DAYS));
    if (!pick && fraction) return miss(`${row.quantity} shares: only a sale after a split sells a fraction`);
  } else {
    const near = same.filter((s) => Math.abs(daysBetween(s.effDate, row.date)) <= OUTCOME_WINDOW_DAYS);
    pick = near.sort((a, b) => Math.abs(daysBetween(a.effDate, row.date)) - Math.abs(daysBetween(b.effDate, row.date)))[0];
    if (!pick && (row.kind === 'removal' || row.kind === 'split_out')) pick = latestFirst(after(REVERSAL_WINDOW_DAYS));
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

/** Shares in millionths: a fraction a broker credits has up to six places. */
const micro = (n: number) => Math.round(n * 1_000_000);

/**
 * Fills of one order: a broker writes each execution as a row (25 fills of one buy are common), so
 * same-day fills of one side at one price are one leg holding their shares.
 */
function mergeFills(rows: readonly StatementRow[]): TradeLeg[] {
  const legs = new Map<string, TradeLeg>();
  for (const r of rows) {
    const key = `${r.kind}|${r.date}|${r.price}`;
    const leg = legs.get(key);
    if (leg) leg.quantity = (micro(leg.quantity) + micro(r.quantity)) / 1_000_000;
    else legs.set(key, { side: r.kind as 'buy' | 'sell', date: r.date, quantity: r.quantity, price: r.price });
  }
  return [...legs.values()];
}

/** Oldest first; on one day the buys before the sells (the dance), as trades keep their legs. */
const byDate = (a: TradeLeg, b: TradeLeg) =>
  a.date!.localeCompare(b.date!) || (a.side === b.side ? 0 : a.side === 'buy' ? -1 : 1);

const latest = (rows: readonly StatementRow[]) => rows.reduce((d, r) => (r.date > d ? r.date : d), '');

/**
 * A credited share taken back: after the day shares were credited, a removal of shares (or a second
 * reverse-split row taking them out) with no sale since the credit. Null when there is none.
 */
function reversalOf(rows: readonly StatementRow[]): StatementRow[] | null {
  const credited = latest(rows.filter((r) => r.kind === 'split_in' || r.kind === 'rounding'));
  if (!credited) return null;
  const taken = rows.filter((r) => (r.kind === 'removal' && r.date >= credited) || (r.kind === 'split_out' && r.date > credited));
  if (taken.length === 0 || rows.some((r) => r.kind === 'sell' && r.date >= credited)) return null;
  return taken;
}

/**
 * One split's rows as a trade (decision 030): buys and sells are its legs; the shares the split
 * added (Schwab's and Fidelity's second "Reverse Split" row, tastytrade's reverse split and its
 * "Rounding Correction" a day later, IBKR's RS row) are the shares received, dated by the last of them:
 * whole shares, or a fraction kept when the broker credited less than one share; cash for a fraction
 * (Schwab "Cash In Lieu", Fidelity "IN LIEU OF FRX SHARE", IBKR "FracShare") makes the outcome cash in
 * lieu, dated by the payment; a later removal of the credited shares with no sale makes it clawed back,
 * dated by the removal, with any cash paid for it.
 */
export function statementTrade(rows: readonly StatementRow[]): StatementTrade {
  const trades = rows.filter((r) => r.kind === 'buy' || r.kind === 'sell');
  const legs = trades.length ? mergeFills(trades).sort(byDate) : null;
  const added = rows.filter((r) => r.kind === 'split_in' || r.kind === 'rounding');
  const cash = rows.filter((r) => r.kind === 'cash_in_lieu');
  const amount = cash.length ? Math.round(cash.reduce((n, r) => n + (r.amount ?? 0), 0) * 10_000) / 10_000 : null;
  const taken = reversalOf(rows);
  if (taken)
    return {
      legs,
      outcome: { outcome: 'clawed_back', outcome_date: latest(taken), shares_received: 0, cash_in_lieu_amount: amount },
    };
  // Summed in millionths: IBKR books fractions like 0.1 + 0.9.
  const total = added.reduce((n, r) => n + micro(r.quantity), 0);
  const shares = Math.floor(total / 1_000_000);
  if (amount !== null)
    return {
      legs,
      outcome: { outcome: 'cash_in_lieu', outcome_date: latest(cash), shares_received: shares, cash_in_lieu_amount: amount },
    };
  if (shares >= 1)
    return {
      legs,
      outcome: { outcome: 'share_received', outcome_date: latest(added), shares_received: shares, cash_in_lieu_amount: null },
    };
  if (total > 0)
    return {
      legs,
      outcome: {
        outcome: 'fraction_kept',
        outcome_date: latest(added),
        shares_received: total / 1_000_000,
        cash_in_lieu_amount: null,
      },
    };
  return { legs, outcome: null };
}
