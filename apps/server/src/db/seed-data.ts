/**
 * Seed content for RoundUp, kept as data in `seed/*.json` and checked here with the same schemas
 * that admin input passes:
 * - `brokers.json`: brokers (share-return days are community estimates, not broker promises);
 * - `faqs.json`: FAQs;
 * - `historical-splits.json`: past reverse splits (demo prices; ratios and dates from public
 *   trackers);
 * - `demo-splits.json`: clearly fictional splits placed relative to the day the seed runs.
 * Nothing here is financial advice.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { addDays, brokerInput, EXCHANGES, faqInput, RS_TYPES, SPLIT_STATUSES, splitInputSchema } from '@roundup/shared';

const load = <T extends z.ZodType>(file: string, schema: T): z.infer<T> => {
  const url = new URL(`./seed/${file}`, import.meta.url);
  const parsed = schema.safeParse(JSON.parse(readFileSync(url, 'utf8')));
  if (!parsed.success) throw new Error(`seed/${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
};

const seedSplit = z.object({
  name: z.string(),
  ticker: z.string(),
  effDate: z.string(),
  buyDate: z.string(),
  ratio: z.number().int().min(1),
  price: z.number().min(0),
  estProfit: z.number(),
  avgProfit: z.number(),
  status: z.enum(SPLIT_STATUSES),
  rsType: z.enum(RS_TYPES),
  source: z.string(),
  notes: z.string(),
  caution: z.boolean(),
  /** Where the shares are listed; historical rows leave it out (unknown). */
  exchange: z.enum(EXCHANGES).nullable().optional(),
});
export type SeedSplit = z.infer<typeof seedSplit>;

/** A demo split's buy date: today, n days back or ahead (moved off weekends), or n days into next month. */
const relativeDate = z.union([
  z.literal('today'),
  z.strictObject({ past: z.number().int().min(0) }),
  z.strictObject({ soon: z.number().int().min(0) }),
  z.strictObject({ nextMonth: z.number().int().min(0) }),
]);
const demoRow = z.strictObject({
  name: z.string(),
  ticker: z.string(),
  buyDate: relativeDate,
  ratio: z.number().int().min(2),
  price: z.number().positive(),
  status: z.enum(SPLIT_STATUSES),
  rsType: z.enum(RS_TYPES),
  /** Realised average as a share of the estimate (Complete Round Up rows only). */
  realised: z.number().min(0).max(1).optional(),
  note: z.string().optional(),
  caution: z.boolean().optional(),
});
type DemoRow = z.infer<typeof demoRow>;

export const SEED_BROKERS = load('brokers.json', z.array(brokerInput.extend({ disabled: z.boolean() })));
export const SEED_FAQS = load('faqs.json', z.array(faqInput));
export const HISTORICAL_SPLITS: SeedSplit[] = load('historical-splits.json', z.array(seedSplit)).map((s) => {
  splitInputSchema.parse({ ...s, price: String(s.price), estProfit: String(s.estProfit), avgProfit: String(s.avgProfit) });
  return s;
});
const DEMO_ROWS = load('demo-splits.json', z.array(demoRow));

/** Estimated round-up profit per account: (ratio − 1) × price, to cents. */
export function roundUpProfit(ratio: number, price: number): number {
  return Math.round((ratio - 1) * price * 100 + Number.EPSILON) / 100;
}

const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

/** Moves a date off a weekend in the given direction (1 forward, −1 back). */
function toWeekday(date: string, direction: 1 | -1): string {
  let d = date;
  while (isWeekend(d)) d = addDays(d, direction);
  return d;
}

/** First day of the calendar month after the month of `date`. */
function firstOfNextMonth(date: string): string {
  const [y, m] = [+date.slice(0, 4), +date.slice(5, 7)];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

function buyDateOf(when: DemoRow['buyDate'], today: string): string {
  if (when === 'today') return today;
  if ('past' in when) return toWeekday(addDays(today, -when.past), -1);
  if ('soon' in when) return toWeekday(addDays(today, when.soon), 1);
  return toWeekday(addDays(firstOfNextMonth(today), when.nextMonth), 1);
}

const DEMO_NOTE = 'Fictional demo split.';

function demo(r: DemoRow, today: string): SeedSplit {
  const buyDate = buyDateOf(r.buyDate, today);
  const estProfit = roundUpProfit(r.ratio, r.price);
  const pays = r.status === 'Complete' && (r.rsType === 'Round Up' || r.rsType === 'Round Lot');
  return {
    name: r.name,
    ticker: r.ticker,
    effDate: toWeekday(addDays(buyDate, 1), 1), // the next weekday after the buy date
    buyDate,
    ratio: r.ratio,
    price: r.price,
    estProfit,
    avgProfit: pays ? Math.round(estProfit * (r.realised ?? 0.9) * 100) / 100 : 0,
    status: r.status,
    rsType: r.rsType,
    source: `https://example.com/demo-splits/${r.ticker.toLowerCase()}`,
    notes: r.note ? `${DEMO_NOTE} ${r.note}` : DEMO_NOTE,
    caution: r.caution ?? false,
    // Demo splits alternate Nasdaq and NYSE listings, so the calendar shows the after-hours halt.
    exchange: r.ticker.charCodeAt(0) % 2 === 0 ? 'Nasdaq' : 'NYSE',
  };
}

/**
 * About ten clearly fictional splits placed around `today` (YYYY-MM-DD) so the calendar and
 * tables are never empty. Deterministic for a given `today`.
 */
export function demoUpcomingSplits(today: string): SeedSplit[] {
  return DEMO_ROWS.map((r) => demo(r, today));
}
