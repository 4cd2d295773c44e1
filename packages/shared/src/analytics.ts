import { z } from 'zod';
import { TRADE_OUTCOMES } from './trades';

/** Member analytics (beyond the original "Coming Soon" tab): all amounts are integer cents. */
export const profitGroup = z.object({
  key: z.string(),
  label: z.string(),
  profitCents: z.number().int(),
  trades: z.number().int(),
});
export type ProfitGroup = z.infer<typeof profitGroup>;

export const monthProfit = z.object({
  /** YYYY-MM of the sell date. */
  month: z.string(),
  profitCents: z.number().int(),
  cumulativeCents: z.number().int(),
  trades: z.number().int(),
});
export type MonthProfit = z.infer<typeof monthProfit>;

export const openPositionSchema = z.object({
  splitId: z.string(),
  ticker: z.string(),
  name: z.string(),
  accountId: z.string(),
  account: z.string(),
  broker: z.string(),
  buyDate: z.string().nullable(),
  buyPriceCents: z.number().int().nullable(),
  effDate: z.string(),
  /** effDate + the broker's shareReturnTime, or null when the broker is unknown. */
  expectedReturnDate: z.string().nullable(),
  /** What the member recorded the round-up gave, and when. */
  outcome: z.enum(TRADE_OUTCOMES),
  outcomeDate: z.string().nullable(),
  /** Past the expected return date with no outcome recorded yet. */
  overdue: z.boolean(),
});
export type OpenPosition = z.infer<typeof openPositionSchema>;

export const brokerReturnTime = z.object({
  brokerId: z.string().nullable(),
  broker: z.string(),
  /** The broker's stated shareReturnTime in days (null if unknown). */
  statedDays: z.number().nullable(),
  /** From the member's own sells: sell date − effDate. */
  samples: z.number().int(),
  averageDays: z.number().nullable(),
  minDays: z.number().nullable(),
  maxDays: z.number().nullable(),
});
export type BrokerReturnTime = z.infer<typeof brokerReturnTime>;

/** Closed trades of one tax year in tax-advantaged accounts (Traditional IRA, Roth IRA, HSA, ESA, SEP): not on Form 8949. */
export const taxLeftOut = z.object({
  year: z.number().int(),
  trades: z.number().int(),
  /** The account types they are in, sorted. */
  accountTypes: z.array(z.string()),
});
export type TaxLeftOut = z.infer<typeof taxLeftOut>;

export const analyticsSummary = z.object({
  today: z.string(),
  year: z.number().int(),
  totals: z.object({
    realizedCents: z.number().int(),
    thisYearCents: z.number().int(),
    closedTrades: z.number().int(),
    openPositions: z.number().int(),
    totalTrades: z.number().int(),
  }),
  byMonth: z.array(monthProfit),
  byBroker: z.array(profitGroup),
  byAccount: z.array(profitGroup),
  bySplit: z.array(profitGroup),
  /** The first 100 open positions, soonest expected first (totals.openPositions counts them all; GET /api/analytics/open-positions lists them all). */
  openPositions: z.array(openPositionSchema),
  returnTimes: z.array(brokerReturnTime),
  /** Years with closed trades, newest first (for the tax export). */
  taxYears: z.array(z.number().int()),
  /** Per tax year, the closed trades the tax export leaves out: they are in tax-advantaged accounts. */
  taxLeftOut: z.array(taxLeftOut),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummary>;

export const taxExportQuery = z.object({
  year: z.coerce
    .number({ error: 'year must be a number' })
    .int()
    .min(1990, 'year is out of range')
    .max(2100, 'year is out of range'),
  /** json (default): the envelope with the CSV text; csv: a text/csv download. */
  format: z.enum(['json', 'csv']).optional(),
});

export const taxExportSchema = z.object({
  year: z.number().int(),
  filename: z.string(),
  /** Sales in the CSV (taxable accounts only). */
  rows: z.number().int(),
  /** Sales of the year left out because they are in tax-advantaged accounts. */
  leftOut: taxLeftOut,
  /**
   * The year's sales reconciled, in cents, each sale rounded as its row: the gain of every sale in every
   * account, the part in tax-advantaged accounts (left out), and what Form 8949 reports (the CSV's totals
   * line): `form8949Cents` = `realizedCents` − `leftOutCents`.
   */
  reconcile: z.object({
    realizedCents: z.number().int(),
    leftOutCents: z.number().int(),
    form8949Cents: z.number().int(),
  }),
  /** UTF-8 text starting with a byte order mark, CRLF line ends. */
  csv: z.string(),
});
export type TaxExport = z.infer<typeof taxExportSchema>;
