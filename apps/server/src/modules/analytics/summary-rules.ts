import {
  isTaxableAccountType,
  priceToTicks,
  ticksToCents,
  type AnalyticsSummary,
  type BrokerReturnTime,
  type MonthProfit,
  type OpenPosition,
  type ProfitGroup,
} from '@roundup/shared';
import { expectedReturnDate, type AccountIn, type AnalyticsInput, type OpenTrade } from './rules';
import { lotSales } from './tax-lots-rules';

/** A member's analytics summary from their stored totals (pure; `today` comes in the input). */

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
        outcome: t.outcome ?? 'pending',
        outcomeDate: t.outcomeDate ?? null,
        // Overdue while the member is still waiting: a recorded outcome (share, cash or nothing) ends the wait.
        overdue: (t.outcome ?? 'pending') === 'pending' && expected !== null && expected < today,
      };
    })
    .sort(
      (a, b) =>
        cmp(a.expectedReturnDate ?? '9999', b.expectedReturnDate ?? '9999') ||
        cmp(a.ticker, b.ticker) ||
        cmp(a.account, b.account),
    );
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
  // The sales of open trades are realized too (each on its own day, as Form 8949 lists them); the trade
  // counts once, when it closes.
  for (const p of input.partials ?? []) {
    const account = accounts.get(p.accountId);
    for (const sale of lotSales(p, p.split)) {
      const ticks = sale.proceedsTicks - sale.basisTicks;
      const month = sale.sold.slice(0, 7);
      realized += ticks;
      if (month.startsWith(yearPrefix)) thisYear += ticks;
      taxYears.add(Number(month.slice(0, 4)));
      const m = months.get(month) ?? { ticks: 0, n: 0 };
      m.ticks += ticks;
      months.set(month, m);
      brokers.add(brokerKey(account), account?.broker ?? 'Unknown', ticks, '', 0);
      accountGroups.add(p.accountId, account ? `${account.nickname} (${account.broker})` : 'Deleted account', ticks, '', 0);
      splitGroups.add(p.split.id, `${p.split.ticker} · ${p.split.name}`, ticks, p.split.effDate, 0);
    }
  }

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
