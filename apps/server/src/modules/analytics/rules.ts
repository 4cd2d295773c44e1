import {
  isTaxableAccountType,
  priceToTicks,
  ticksToCents,
  type AnalyticsSummary,
  type BrokerReturnTime,
  type MonthProfit,
  type OpenPosition,
  type ProfitGroup,
  type TaxLeftOut,
} from '@roundup/shared';

/**
 * Member analytics, pure (DESIGN §3): takes the member's rows and `today`, never the clock.
 * Money: prices are parsed to integer ticks (1/10,000 $), sums stay integers and are
 * rounded once to integer cents for output — a thousand $0.01 profits are exactly 1,000 cents.
 */

export interface TradeIn {
  id?: string;
  accountId: string;
  splitId: string;
  buyDate: string | null;
  buyPrice: string | null;
  sellDate: string | null;
  sellPrice: string | null;
}
export interface AccountIn {
  id: string;
  nickname: string;
  brokerId: string | null;
  broker: string;
  /** The broker's shareReturnTime (null when the broker no longer exists). */
  shareReturnTime: number | null;
  /** The account type (SPEC §3): tax-advantaged ones stay out of the tax export. */
  type: string;
}
export interface SplitIn {
  id: string;
  name: string;
  ticker: string;
  effDate: string;
}
/** A member's raw records: what the tax export reads, and what the stored totals are made of. */
export interface TradeRecords {
  trades: readonly TradeIn[];
  accounts: readonly AccountIn[];
  splits: readonly SplitIn[];
}

/** Closed trades of one account sold in one month (YYYY-MM), profit in ticks. */
export interface MonthTotal {
  accountId: string;
  month: string;
  ticks: number;
  trades: number;
}
/** Closed trades of one split, profit in ticks. */
export interface SplitTotal extends SplitIn {
  ticks: number;
  trades: number;
}
/** Sold shares of one account whose return took `days` days. */
export interface ReturnDaysTotal {
  accountId: string;
  days: number;
  trades: number;
}
/** A bought, unsold share with its split. */
export interface OpenTrade {
  accountId: string;
  buyDate: string | null;
  buyPrice: string | null;
  split: SplitIn;
}

/**
 * A member's trades folded into totals: what the database keeps up to date on every trade write
 * (decision 008, migration 0005), and what `totalsFromTrades` computes from raw records.
 * `open` may be the first few open positions only; `openCount` counts them all.
 */
export interface TradeTotals {
  months: readonly MonthTotal[];
  splits: readonly SplitTotal[];
  returnDays: readonly ReturnDaysTotal[];
  open: readonly OpenTrade[];
  openCount: number;
  totalTrades: number;
}

export interface AnalyticsInput extends TradeTotals {
  today: string;
  accounts: readonly AccountIn[];
}

/** Realized profit of one trade in ticks (sell − buy for one share), or null while not closed. */
export function realizedTicks(t: Pick<TradeIn, 'buyPrice' | 'sellPrice'>): number | null {
  const buy = priceToTicks(t.buyPrice);
  const sell = priceToTicks(t.sellPrice);
  return buy === null || sell === null ? null : sell - buy;
}

/** Bought (a buy price or date) and not sold (no sell price or date). */
export function isOpen(t: TradeIn): boolean {
  return (t.buyPrice !== null || t.buyDate !== null) && t.sellPrice === null && t.sellDate === null;
}

/** The date a closed trade counts on: its sell date, else the split's effective date. */
export function saleDate(t: TradeIn, split: SplitIn | undefined): string | null {
  return t.sellDate ?? split?.effDate ?? null;
}

/** YYYY-MM-DD + n days in UTC arithmetic (no time zone drift; fast enough for thousands of rows). */
export function plusDays(date: string, days: number): string {
  const ms = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10) + days);
  return new Date(ms).toISOString().slice(0, 10);
}

/** effDate + the broker's shareReturnTime; null when the broker is unknown. */
export function expectedReturnDate(effDate: string, shareReturnTime: number | null): string | null {
  return shareReturnTime === null ? null : plusDays(effDate, shareReturnTime);
}

function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + (s.charCodeAt(i) - 48);
  return n;
}

/** Days since 1970-01-01 for a YYYY-MM-DD date (allocation-free). */
export function dayNumber(date: string): number {
  return Date.UTC(digits(date, 0, 4), digits(date, 5, 7) - 1, digits(date, 8, 10)) / 86_400_000;
}

/** Measured return time of one sale in days (sell date − effDate); null if unsold or sold before the split. */
export function measuredReturnDays(t: Pick<TradeIn, 'sellDate'>, effDate: string): number | null {
  if (!t.sellDate) return null;
  const d = dayNumber(t.sellDate) - dayNumber(effDate);
  return d < 0 ? null : d;
}

/** Sums profits (ticks) into cents exactly. */
export function sumToCents(ticks: Iterable<number>): number {
  let total = 0;
  for (const t of ticks) total += t;
  return ticksToCents(total);
}

/** Every month from first to last (YYYY-MM), inclusive. */
export function monthRange(first: string, last: string): string[] {
  const out: string[] = [];
  let y = Number(first.slice(0, 4));
  let m = Number(first.slice(5, 7));
  const endY = Number(last.slice(0, 4));
  const endM = Number(last.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** Monthly profit with a running total, gaps filled with zero months. */
export function byMonth(entries: readonly { month: string; ticks: number }[]): MonthProfit[] {
  const sums = new Map<string, { ticks: number; n: number }>();
  for (const e of entries) {
    const s = sums.get(e.month) ?? { ticks: 0, n: 0 };
    s.ticks += e.ticks;
    s.n += 1;
    sums.set(e.month, s);
  }
  return monthsFrom(sums);
}

function monthsFrom(sums: Map<string, { ticks: number; n: number }>): MonthProfit[] {
  if (sums.size === 0) return [];
  const months = [...sums.keys()].sort();
  let running = 0;
  return monthRange(months[0], months[months.length - 1]).map((month) => {
    const s = sums.get(month) ?? { ticks: 0, n: 0 };
    running += s.ticks;
    return { month, profitCents: ticksToCents(s.ticks), cumulativeCents: ticksToCents(running), trades: s.n };
  });
}

class Groups {
  private map = new Map<string, { label: string; ticks: number; n: number; sort: string }>();
  add(key: string, label: string, ticks: number, sort = '', n = 1) {
    const g = this.map.get(key) ?? { label, ticks: 0, n: 0, sort };
    g.ticks += ticks;
    g.n += n;
    this.map.set(key, g);
  }
  list(order: 'profit' | 'sort'): ProfitGroup[] {
    const rows = [...this.map.entries()].map(([key, g]) => ({
      key,
      label: g.label,
      profitCents: ticksToCents(g.ticks),
      trades: g.n,
      sort: g.sort,
      ticks: g.ticks,
    }));
    rows.sort(
      (a, b) =>
        (order === 'profit' ? b.ticks - a.ticks : b.sort.localeCompare(a.sort)) ||
        a.label.localeCompare(b.label) ||
        (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
    return rows.map(({ key, label, profitCents, trades }) => ({ key, label, profitCents, trades }));
  }
}

/** Open positions listed in the summary (soonest expected first); the rest come from the open-positions call. */
export const OPEN_POSITIONS_IN_SUMMARY = 100;

/** Broker groups: by broker id, or by the name saved on the account when the broker is gone. */
const brokerKey = (a: AccountIn | undefined) => (a?.brokerId ? a.brokerId : `name:${a?.broker ?? 'Unknown'}`);

const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * Open positions with their expected share-return dates, soonest expected first (unknown
 * brokers last), then by ticker and account nickname — the order the database's LIMIT uses.
 */
export function openPositions(open: readonly OpenTrade[], accounts: readonly AccountIn[], today: string): OpenPosition[] {
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return open
    .map((t) => {
      const account = byId.get(t.accountId);
      const expected = expectedReturnDate(t.split.effDate, account?.shareReturnTime ?? null);
      return {
        splitId: t.split.id,
        ticker: t.split.ticker,
        name: t.split.name,
        accountId: t.accountId,
        account: account?.nickname ?? 'Deleted account',
        broker: account?.broker ?? 'Unknown',
        buyDate: t.buyDate,
        buyPriceCents: t.buyPrice === null ? null : ticksToCents(priceToTicks(t.buyPrice) ?? 0),
        effDate: t.split.effDate,
        expectedReturnDate: expected,
        overdue: expected !== null && expected < today,
      };
    })
    .sort(
      (a, b) =>
        cmp(a.expectedReturnDate ?? '9999', b.expectedReturnDate ?? '9999') ||
        cmp(a.ticker, b.ticker) ||
        cmp(a.account, b.account),
    );
}

/**
 * A member's raw trades folded into the totals the database keeps (the specification of the
 * triggers of migration 0005, and the test oracle for them): closed trades by account and sale
 * month and by split, measured return times by account, open trades, counts.
 */
export function totalsFromTrades(trades: readonly TradeIn[], splits: readonly SplitIn[]): TradeTotals {
  const splitById = new Map(splits.map((s) => [s.id, s]));
  const months = new Map<string, MonthTotal>();
  const bySplit = new Map<string, SplitTotal>();
  const returns = new Map<string, ReturnDaysTotal>();
  const open: OpenTrade[] = [];
  for (const t of trades) {
    const split = splitById.get(t.splitId);
    if (!split) continue;
    const profit = realizedTicks(t);
    if (profit !== null) {
      const month = (saleDate(t, split) as string).slice(0, 7);
      const m = months.get(`${t.accountId} ${month}`) ?? { accountId: t.accountId, month, ticks: 0, trades: 0 };
      m.ticks += profit;
      m.trades += 1;
      months.set(`${t.accountId} ${month}`, m);
      const s = bySplit.get(split.id) ?? { ...split, ticks: 0, trades: 0 };
      s.ticks += profit;
      s.trades += 1;
      bySplit.set(split.id, s);
    } else if (isOpen(t)) {
      open.push({ accountId: t.accountId, buyDate: t.buyDate, buyPrice: t.buyPrice, split });
    }
    const days = measuredReturnDays(t, split.effDate);
    if (days !== null) {
      const r = returns.get(`${t.accountId} ${days}`) ?? { accountId: t.accountId, days, trades: 0 };
      r.trades += 1;
      returns.set(`${t.accountId} ${days}`, r);
    }
  }
  return {
    months: [...months.values()],
    splits: [...bySplit.values()],
    returnDays: [...returns.values()],
    open,
    openCount: open.length,
    totalTrades: trades.filter((t) => splitById.has(t.splitId)).length,
  };
}

/** The whole analytics summary for one member, from their trade totals. */
export function summarize(input: AnalyticsInput, openLimit = OPEN_POSITIONS_IN_SUMMARY): AnalyticsSummary {
  const accounts = new Map(input.accounts.map((a) => [a.id, a]));
  const year = Number(input.today.slice(0, 4));
  const yearPrefix = `${year}-`;

  let realized = 0;
  let thisYear = 0;
  let closed = 0;
  const months = new Map<string, { ticks: number; n: number }>();
  const brokers = new Groups();
  const accountGroups = new Groups();
  const splitGroups = new Groups();
  const taxYears = new Set<number>();
  const leftOut = new Map<number, { trades: number; types: Set<string> }>();
  for (const m of input.months) {
    const account = accounts.get(m.accountId);
    if (account && !isTaxableAccountType(account.type) && m.trades > 0) {
      const y = leftOut.get(Number(m.month.slice(0, 4))) ?? { trades: 0, types: new Set<string>() };
      y.trades += m.trades;
      y.types.add(account.type);
      leftOut.set(Number(m.month.slice(0, 4)), y);
    }
    realized += m.ticks;
    closed += m.trades;
    if (m.month.startsWith(yearPrefix)) thisYear += m.ticks;
    taxYears.add(Number(m.month.slice(0, 4)));
    const month = months.get(m.month) ?? { ticks: 0, n: 0 };
    month.ticks += m.ticks;
    month.n += m.trades;
    months.set(m.month, month);
    brokers.add(brokerKey(account), account?.broker ?? 'Unknown', m.ticks, '', m.trades);
    accountGroups.add(
      m.accountId,
      account ? `${account.nickname} (${account.broker})` : 'Deleted account',
      m.ticks,
      '',
      m.trades,
    );
  }
  for (const s of input.splits) splitGroups.add(s.id, `${s.ticker} · ${s.name}`, s.ticks, s.effDate, s.trades);

  // Every broker the member has an account with, measured or not.
  const returns = new Map<
    string,
    { brokerId: string | null; broker: string; stated: number | null; samples: { days: number; trades: number }[] }
  >();
  for (const a of input.accounts) {
    const key = brokerKey(a);
    if (!returns.has(key)) returns.set(key, { brokerId: a.brokerId, broker: a.broker, stated: a.shareReturnTime, samples: [] });
  }
  for (const r of input.returnDays) {
    const account = accounts.get(r.accountId);
    if (account) returns.get(brokerKey(account))?.samples.push(r);
  }

  return {
    today: input.today,
    year,
    totals: {
      realizedCents: ticksToCents(realized),
      thisYearCents: ticksToCents(thisYear),
      closedTrades: closed,
      openPositions: input.openCount,
      totalTrades: input.totalTrades,
    },
    byMonth: monthsFrom(months),
    byBroker: brokers.list('profit'),
    byAccount: accountGroups.list('profit'),
    bySplit: splitGroups.list('sort'),
    openPositions: openPositions(input.open, input.accounts, input.today).slice(0, openLimit),
    returnTimes: returnTimes([...returns.values()]),
    taxYears: [...taxYears].sort((a, b) => b - a),
    taxLeftOut: [...leftOut.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([year, y]) => ({ year, trades: y.trades, accountTypes: [...y.types].sort() })),
  };
}

/** Each broker's measured return time from the member's own sells (`samples`: how many took `days` days). */
export function returnTimes(
  rows: readonly {
    brokerId: string | null;
    broker: string;
    stated: number | null;
    samples: readonly { days: number; trades: number }[];
  }[],
): BrokerReturnTime[] {
  return rows
    .map((r) => {
      let n = 0;
      let sum = 0;
      let min = Infinity;
      let max = -Infinity;
      for (const s of r.samples) {
        if (s.trades <= 0) continue;
        n += s.trades;
        sum += s.days * s.trades;
        min = Math.min(min, s.days);
        max = Math.max(max, s.days);
      }
      return {
        brokerId: r.brokerId,
        broker: r.broker,
        statedDays: r.stated,
        samples: n,
        averageDays: n === 0 ? null : Math.round((sum / n) * 10) / 10,
        minDays: n === 0 ? null : min,
        maxDays: n === 0 ? null : max,
      };
    })
    .sort((a, b) => a.broker.localeCompare(b.broker));
}

// ---------------------------------------------------------------------------
// Tax export: IRS Form 8949 columns (a)–(h) for short-term sales, one row per closed trade.

export const CSV_HEADER = [
  '(a) Description of property',
  '(b) Date acquired',
  '(c) Date sold or disposed of',
  '(d) Proceeds (sales price)',
  '(e) Cost or other basis',
  '(f) Code(s) from instructions',
  '(g) Amount of adjustment',
  '(h) Gain or (loss)',
  'Term',
  'Account',
] as const;

/** Byte order mark: Excel reads the file as UTF-8 only with it. */
export const UTF8_BOM = '\uFEFF';

/**
 * A text cell a spreadsheet would run as a formula: it starts (after any spaces) with `=`, `+`,
 * `-`, `@` or `;`, or starts with a tab, CR or LF. Such cells get a leading `'`.
 */
export const FORMULA_START = /^\s*[=+\-@;]|^[\t\r\n]/;

/** RFC 4180 quoting; a text cell (`text`) that could run as a formula is neutralised with a leading '. */
export function csvField(value: string | number, text = true): string {
  let s = String(value);
  if (text && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Cents as a plain decimal: 1234 → "12.34", -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** YYYY-MM-DD → MM/DD/YYYY as the form expects. */
export function formDate(iso: string | null): string {
  return iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : 'VARIOUS';
}

/** Held more than one year → long-term (IRS); otherwise short-term. */
export function holdingTerm(acquired: string | null, sold: string): 'Short-term' | 'Long-term' {
  if (!acquired) return 'Short-term';
  const anniversary = `${Number(acquired.slice(0, 4)) + 1}${acquired.slice(4)}`;
  return sold > anniversary ? 'Long-term' : 'Short-term';
}

export interface TaxRow {
  description: string;
  acquired: string | null;
  sold: string;
  proceedsCents: number;
  costCents: number;
  /** Column (f): the adjustment code(s); '' when none. */
  code: string;
  /** Column (g): the adjustment in cents; null when none. */
  adjustmentCents: number | null;
  /** Column (h): (d) − (e) + (g). */
  gainCents: number;
  term: 'Short-term' | 'Long-term';
  account: string;
}

/** Closed trades sold in `year` (sell date, else the split's effective date), with their account. */
function closedSalesIn(input: TradeRecords, year: number) {
  const accounts = new Map(input.accounts.map((a) => [a.id, a]));
  const splits = new Map(input.splits.map((s) => [s.id, s]));
  const prefix = `${year}-`;
  const out: {
    t: TradeIn;
    buy: number;
    sell: number;
    sold: string;
    split: SplitIn | undefined;
    account: AccountIn | undefined;
  }[] = [];
  for (const t of input.trades) {
    const buy = priceToTicks(t.buyPrice);
    const sell = priceToTicks(t.sellPrice);
    if (buy === null || sell === null) continue;
    const split = splits.get(t.splitId);
    const sold = saleDate(t, split);
    if (!sold || !sold.startsWith(prefix)) continue;
    out.push({ t, buy, sell, sold, split, account: accounts.get(t.accountId) });
  }
  return out;
}

/** Form 8949 rows: closed trades sold in `year` in taxable accounts only, oldest sale first. */
export function taxRows(input: TradeRecords, year: number): TaxRow[] {
  const rows: TaxRow[] = [];
  for (const { t, buy, sell, sold, split, account } of closedSalesIn(input, year)) {
    if (account && !isTaxableAccountType(account.type)) continue;
    const proceedsCents = ticksToCents(sell);
    const costCents = ticksToCents(buy);
    rows.push({
      description: split ? `1 sh ${split.ticker} (${split.name})` : '1 sh',
      acquired: t.buyDate,
      sold,
      proceedsCents,
      costCents,
      code: '',
      adjustmentCents: null,
      gainCents: proceedsCents - costCents,
      term: holdingTerm(t.buyDate, sold),
      account: account ? `${account.broker} - ${account.nickname}` : 'Deleted account',
    });
  }
  rows.sort(
    (a, b) => a.sold.localeCompare(b.sold) || a.description.localeCompare(b.description) || a.account.localeCompare(b.account),
  );
  return rows;
}

/** The closed trades of `year` that `taxRows` leaves out, being in tax-advantaged accounts. */
export function taxLeftOut(input: TradeRecords, year: number): TaxLeftOut {
  let trades = 0;
  const types = new Set<string>();
  for (const { account } of closedSalesIn(input, year)) {
    if (!account || isTaxableAccountType(account.type)) continue;
    trades += 1;
    types.add(account.type);
  }
  return { year, trades, accountTypes: [...types].sort() };
}

/** One CSV line of Form 8949 columns (a)–(h), then term and account; every text cell guarded. */
export function taxCsvRow(r: TaxRow): string {
  return [
    csvField(r.description),
    csvField(formDate(r.acquired), false),
    csvField(formDate(r.sold), false),
    csvField(centsToDecimal(r.proceedsCents), false),
    csvField(centsToDecimal(r.costCents), false),
    csvField(r.code),
    r.adjustmentCents === null ? '' : csvField(centsToDecimal(r.adjustmentCents), false),
    csvField(centsToDecimal(r.gainCents), false),
    csvField(r.term),
    csvField(r.account),
  ].join(',');
}

/** The CSV text: UTF-8 byte order mark, CRLF line ends, a totals line. */
export function taxCsv(rows: readonly TaxRow[]): string {
  const lines = [CSV_HEADER.map((h) => csvField(h)).join(',')];
  let proceeds = 0;
  let cost = 0;
  let adjustment: number | null = null;
  let gain = 0;
  for (const r of rows) {
    proceeds += r.proceedsCents;
    cost += r.costCents;
    if (r.adjustmentCents !== null) adjustment = (adjustment ?? 0) + r.adjustmentCents;
    gain += r.gainCents;
    lines.push(taxCsvRow(r));
  }
  lines.push(
    [
      'Totals',
      '',
      '',
      centsToDecimal(proceeds),
      centsToDecimal(cost),
      '',
      adjustment === null ? '' : centsToDecimal(adjustment),
      centsToDecimal(gain),
      '',
      '',
    ].join(','),
  );
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
