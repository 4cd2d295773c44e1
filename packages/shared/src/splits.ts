import { z } from 'zod';
import { decimalInput, uuidId } from './input';
import { addDays, isIsoDate } from './dates';
import { exchangeInput, splitDeadlineFields } from './deadline';
import { RS_TYPES, SPLIT_STATUSES } from './domain';
import { toCents } from './money';
import { splitChangeSchema } from './split-checks';
import { confirmationSchema } from './confirmations';
import { postSplitSchema } from './post-split';
import { issuerHistoryEntrySchema, splitEvidenceSchema } from './split-call';
import { splitRiskSchema } from './split-risk';
import { splitVerdictSchema } from './verdicts';

/**
 * Reverse splits (product.md#stored) — request/response schemas and the pure calendar rules the web
 * and the server share (42-day grid, MM/YYYY go-to, monthly footer, estimated profit,
 * the masking predicate). Masking itself is applied by the server only (product.md#api-contract).
 */

/** What replaces a masked name and ticker (fixed length: leaks nothing). */
export const MASK = '*****';

/** A split as every endpoint returns it. `masked` is true when name/ticker/notes/source were withheld. */
export const splitSchema = z.object({
  _id: z.string(),
  name: z.string(),
  ticker: z.string(),
  effDate: z.string(),
  buyDate: z.string(),
  ratio: z.number(),
  price: z.number(),
  estProfit: z.number(),
  avgProfit: z.number(),
  /** Changes of terms made after publication, oldest first (decision 025); never on a masked row. */
  changes: z.array(splitChangeSchema).optional(),
  status: z.enum(SPLIT_STATUSES),
  rsType: z.enum(RS_TYPES),
  source: z.string().nullable(),
  notes: z.string().nullable(),
  caution: z.boolean(),
  ...splitDeadlineFields,
  masked: z.boolean(),
  /** Pro and admin only: what a second source says; absent for everyone else. */
  confirmation: confirmationSchema.optional(),
  /** The filing rounds up at the participant (broker) level, not per beneficial owner. */
  participant: z.boolean().optional(),
  /** Pro and admin only: the deciding sentence, the filing and its acceptance time. */
  evidence: splitEvidenceSchema.optional(),
  /** Pro and admin only: the issuer's earlier reverse splits from our own history. */
  history: z.array(issuerHistoryEntrySchema).optional(),
  /** Pro and admin only: the issuer's risk level and its reasons (decision 045); never on a masked row. */
  risk: splitRiskSchema.optional(),
  /** Pro and admin only: the symbol to sell after the split; null when no source names it; absent for everyone else. */
  postSplit: postSplitSchema.nullable().optional(),
  /** Pro and admin only: what three or more members report per broker (decision 044); never on a masked row, a feed or a Starter's list. */
  verdicts: z.array(splitVerdictSchema).optional(),
});
export type Split = z.infer<typeof splitSchema>;

/**
 * What a caller who may not see a split gets: only what the masked view draws —
 * the days it sits on, the table it belongs in, the asterisks, and a placeholder id that is
 * unique within one response and is not the split's id. Ratio, price, profits, notes, source,
 * caution and the real id never leave the server.
 */
export const maskedSplitSchema = z.object({
  _id: z.string(),
  name: z.literal(MASK),
  ticker: z.literal(MASK),
  effDate: z.string(),
  buyDate: z.string(),
  status: z.enum(['Upcoming', 'Complete']),
  masked: z.literal(true),
});
export type MaskedSplit = z.infer<typeof maskedSplitSchema>;

/** A row of GET /api/rs: the whole split, or its masked stand-in. */
export const splitViewSchema = z.discriminatedUnion('masked', [
  splitSchema.extend({ masked: z.literal(false) }),
  maskedSplitSchema,
]);
export type SplitView = Split | MaskedSplit;

export const isMaskedSplit = (s: SplitView): s is MaskedSplit => s.masked;
export const isFullSplit = (s: SplitView): s is Split => !s.masked;

/** The id a masked row carries: a per-response placeholder, never the split's id. */
export const maskedPlaceholderId = (n: number) => `masked-${n}`;

/** GET /api/rs/past rows (the landing page's recent round-up splits). */
export const pastSplitSchema = splitSchema.pick({
  _id: true,
  name: true,
  rsType: true,
  ticker: true,
  effDate: true,
  ratio: true,
  price: true,
  avgProfit: true,
});
export type PastSplit = z.infer<typeof pastSplitSchema>;

/** Admin delete (POST /api/rs/delete): a split without trades is deleted; one with trades is archived, after `confirm`. */
export const deleteSplitResultSchema = z.object({
  id: z.string(),
  deleted: z.boolean(),
  archived: z.boolean(),
  trades: z.number().int(),
});
export type DeleteSplitResult = z.infer<typeof deleteSplitResultSchema>;

const date = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine(isIsoDate, { message: `${label} must be a valid date (YYYY-MM-DD)` });

/** Money: a number or plain decimal text (never hex, binary or exponents, which Number() would read), 0 or more. */
const nonNegative = (label: string) =>
  decimalInput(`${label} must be a number`).pipe(
    z.number().min(0, `${label} must be 0 or more`).max(1_000_000_000, `${label} is too large`),
  );

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** The split form (POST /api/rs/add and /edit, payload `newTicker`). */
const splitFields = {
  name: z
    .string({ error: 'Company name is required' })
    .trim()
    .min(1, 'Company name is required')
    .max(200, 'Company name must be at most 200 characters'),
  ticker: z
    .string({ error: 'Ticker is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9.-]{0,11}$/, 'Ticker must be 1–12 letters, digits, dots or dashes'),
  effDate: date('Effective date'),
  buyDate: date('Buy date'),
  ratio: decimalInput('Ratio must be a whole number').pipe(
    z.number().int('Ratio must be a whole number').min(2, 'Ratio must be at least 2').max(1_000_000, 'Ratio is too large'),
  ),
  price: nonNegative('Price'),
  /** Empty = (ratio − 1) × price. */
  estProfit: z.preprocess((v) => (v === '' || v === undefined ? null : v), nonNegative('Estimated profit').nullable()),
  avgProfit: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? 0 : v),
    decimalInput('Average profit must be a number').pipe(
      z.number().min(-1_000_000, 'Average profit is too small').max(1_000_000_000, 'Average profit is too large'),
    ),
  ),
  status: z.enum(SPLIT_STATUSES, { error: `Status must be one of ${SPLIT_STATUSES.join(', ')}` }),
  rsType: z.enum(RS_TYPES, { error: `Type must be one of ${RS_TYPES.join(', ')}` }),
  source: z
    .string()
    .trim()
    .max(2000, 'Source must be at most 2000 characters')
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), { message: 'Source must be an http(s) URL' }),
  notes: optionalText(5000, 'Notes'),
  caution: z.boolean().default(false),
  exchange: exchangeInput,
  /** Left out: unknown on add, kept on edit. */
  participant: z.boolean({ error: 'participant must be true or false' }).optional(),
};

const buyNotAfterEff: [(s: { buyDate: string; effDate: string }) => boolean, { message: string; path: string[] }] = [
  (s) => !isIsoDate(s.buyDate) || !isIsoDate(s.effDate) || s.buyDate <= s.effDate,
  { message: 'Buy date cannot be after the effective date', path: ['buyDate'] },
];

export const splitInputSchema = z.object(splitFields).refine(...buyNotAfterEff);
export type SplitInput = z.infer<typeof splitInputSchema>;
export type SplitFormValues = z.input<typeof splitInputSchema>;

export const addSplitRequest = z.object({ newTicker: splitInputSchema });
export const editSplitRequest = z.object({
  newTicker: z.object({ _id: uuidId('Unknown split'), ...splitFields }).refine(...buyNotAfterEff),
});
/**
 * POST /api/rs/preview: what saving this add (no `_id`) or edit (with it) would do, before it is
 * written; the same body as /api/rs/add or /api/rs/edit.
 */
export const previewSplitRequest = z.object({
  newTicker: z.object({ _id: uuidId('Unknown split').optional(), ...splitFields }).refine(...buyNotAfterEff),
});
/** POST /api/rs/alerts/undo: stop a split's alerts while they are still held (the grace period). */
export const undoSplitAlertsRequest = z.object({ id: uuidId('Unknown split') });
export const undoSplitAlertsResult = z.object({ id: z.string(), cancelled: z.number().int() });
export type UndoSplitAlertsResult = z.infer<typeof undoSplitAlertsResult>;

/** An added or edited split, and when its alerts go out (an ISO instant; null when none are held). */
export const savedSplitResult = z.object({ split: splitSchema, alertsAt: z.string().nullable() });
export type SavedSplitResult = z.infer<typeof savedSplitResult>;

export const deleteSplitRequest = z.object({
  id: uuidId('Unknown split'),
  /** Required to archive a split that members have trades on (the answer without it names the count). */
  confirm: z.boolean({ error: 'confirm must be true or false' }).optional(),
});

// ---------------------------------------------------------------------------------------------
// Pure rules (table-tested in apps/server/src/modules/splits/rules.test.ts)
// ---------------------------------------------------------------------------------------------

/** Estimated profit per account when the admin leaves it empty: (ratio − 1) × price, to the cent. */
export function defaultEstProfit(ratio: number, price: number): number {
  // price in ten-thousandths of a dollar (4 decimals), exact integer arithmetic.
  const priceUnits = Math.round(price * 10_000);
  const units = (ratio - 1) * priceUnits;
  return Math.round(units / 100) / 100;
}

/**
 * A Starter (role User, or anonymous) sees a split masked when its buyDate is later than one
 * day before today (New York): days older than one day are visible (product.md#screens).
 */
export function isMaskedBuyDate(buyDate: string, today: string): boolean {
  return buyDate > addDays(today, -1);
}

/**
 * The day a masked split opens to a Starter: the day after its buy date (New York), when it is
 * too late to buy. The inverse of `isMaskedBuyDate`.
 */
export function starterUnlockDate(buyDate: string): string {
  return addDays(buyDate, 1);
}

/** The Starter banner's facts: how many announced splits are hidden, and when the next one opens. */
export function starterHidden(splits: readonly { masked: boolean; buyDate: string }[]): {
  count: number;
  nextUnlock: string | null;
} {
  const hidden = splits.filter((s) => s.masked).map((s) => s.buyDate);
  if (hidden.length === 0) return { count: 0, nextUnlock: null };
  return { count: hidden.length, nextUnlock: starterUnlockDate(hidden.reduce((a, b) => (b < a ? b : a))) };
}

export interface CalendarCell {
  date: string;
  inMonth: boolean;
}

/** The 42-day grid (six Sunday-first weeks) for a month: starts on the Sunday on or before the 1st. */
export function monthGrid(year: number, month: number): CalendarCell[] {
  const first = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
  const weekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const start = addDays(first, -weekday);
  const prefix = first.slice(0, 7);
  return Array.from({ length: 42 }, (_, i) => {
    const d = addDays(start, i);
    return { date: d, inMonth: d.startsWith(prefix) };
  });
}

// The calendar grid's keys live in calendar-keys.ts; re-exported for the web's imports.
export { addMonthsClamped, calendarKeyTarget, isCalendarKey, type CalendarKey } from './calendar-keys';

export const INVALID_DATE = 'Invalid Date';

/**
 * The go-to field (product.md#validation): MM/YYYY; a 2-digit year gets 20 prefixed. Returns null
 * (show "Invalid Date") when a part is missing, the month is under 1 or over 12,
 * or the year is not 2 or 4 digits.
 */
export function parseMonthYear(input: string): { year: number; month: number } | null {
  const parts = input.trim().split('/');
  if (parts.length !== 2) return null;
  const [m, y] = parts.map((p) => p.trim());
  if (!/^\d{1,2}$/.test(m) || !/^(\d{2}|\d{4})$/.test(y)) return null;
  const month = Number(m);
  if (month < 1 || month > 12) return null;
  const year = Number(y.length === 2 ? `20${y}` : y);
  return { year, month };
}

/** The footer: sum of avgProfit of the splits whose effDate is in the month (exact, in cents). */
export function monthlyAvgProfit(splits: readonly Pick<Split, 'effDate' | 'avgProfit'>[], year: number, month: number): number {
  const prefix = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-`;
  let cents = 0;
  for (const s of splits) if (s.effDate.startsWith(prefix)) cents += toCents(s.avgProfit);
  return cents / 100;
}

/** "N:1" */
export const formatRatio = (ratio: number) => `${ratio}:1`;
