import { z } from 'zod';
import type { TradeOutcome } from './trades';

/** Member analytics (beyond the original "Coming Soon" tab): all amounts are integer cents. */
export interface ProfitGroup {
  key: string;
  label: string;
  profitCents: number;
  trades: number;
}

export interface MonthProfit {
  /** YYYY-MM of the sell date. */
  month: string;
  profitCents: number;
  cumulativeCents: number;
  trades: number;
}

export interface OpenPosition {
  splitId: string;
  ticker: string;
  name: string;
  accountId: string;
  account: string;
  broker: string;
  buyDate: string | null;
  buyPriceCents: number | null;
  effDate: string;
  /** effDate + the broker's shareReturnTime, or null when the broker is unknown. */
  expectedReturnDate: string | null;
  /** What the member recorded the round-up gave (issue 14), and when. */
  outcome: TradeOutcome;
  outcomeDate: string | null;
  /** Past the expected return date with no outcome recorded yet. */
  overdue: boolean;
}

export interface BrokerReturnTime {
  brokerId: string | null;
  broker: string;
  /** The broker's stated shareReturnTime in days (null if unknown). */
  statedDays: number | null;
  /** From the member's own sells: sell date − effDate. */
  samples: number;
  averageDays: number | null;
  minDays: number | null;
  maxDays: number | null;
}

export interface AnalyticsSummary {
  today: string;
  year: number;
  totals: {
    realizedCents: number;
    thisYearCents: number;
    closedTrades: number;
    openPositions: number;
    totalTrades: number;
  };
  byMonth: MonthProfit[];
  byBroker: ProfitGroup[];
  byAccount: ProfitGroup[];
  bySplit: ProfitGroup[];
  /** The first 100 open positions, soonest expected first (totals.openPositions counts them all; GET /api/analytics/open-positions lists them all). */
  openPositions: OpenPosition[];
  returnTimes: BrokerReturnTime[];
  /** Years with closed trades, newest first (for the tax export). */
  taxYears: number[];
  /** Per tax year, the closed trades the tax export leaves out: they are in tax-advantaged accounts. */
  taxLeftOut: TaxLeftOut[];
}

/** Closed trades of one tax year in tax-advantaged accounts (Traditional IRA, Roth IRA, HSA, ESA, SEP): not on Form 8949. */
export interface TaxLeftOut {
  year: number;
  trades: number;
  /** The account types they are in, sorted. */
  accountTypes: string[];
}

export const taxExportQuery = z.object({
  year: z.coerce
    .number({ error: 'year must be a number' })
    .int()
    .min(1990, 'year is out of range')
    .max(2100, 'year is out of range'),
  /** json (default): the envelope with the CSV text; csv: a text/csv download. */
  format: z.enum(['json', 'csv']).optional(),
});

export interface TaxExport {
  year: number;
  filename: string;
  /** Sales in the CSV (taxable accounts only). */
  rows: number;
  /** Sales of the year left out because they are in tax-advantaged accounts. */
  leftOut: TaxLeftOut;
  /** UTF-8 text starting with a byte order mark, CRLF line ends. */
  csv: string;
}
