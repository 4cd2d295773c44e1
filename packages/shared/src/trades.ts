import { z } from 'zod';
import { readDecimal, uuidId } from './input';
import { isIsoDate } from './dates';

/** Trades (product.md §3 Trade, §4 Trade form, §7 /api/trades/*): one share per account and split. */
export const PRICE_MAX = 1_000_000;

/** What happened to the whole share a member bought for (issue 14): recorded per trade. */
export const TRADE_OUTCOMES = ['pending', 'share_received', 'cash_in_lieu', 'no_credit'] as const;
export type TradeOutcome = (typeof TRADE_OUTCOMES)[number];

export const tradeSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  splitId: z.string(),
  accountId: z.string(),
  ticker: z.string(),
  buy_date: z.string().nullable(),
  buy_price: z.number().nullable(),
  sell_date: z.string().nullable(),
  sell_price: z.number().nullable(),
  outcome: z.enum(TRADE_OUTCOMES),
  outcome_date: z.string().nullable(),
});
export type Trade = z.infer<typeof tradeSchema>;

const outcomeValue = z.enum(TRADE_OUTCOMES, { error: `Outcome must be one of ${TRADE_OUTCOMES.join(', ')}` });

const priceValue = (label: string) =>
  z
    .union([z.number(), z.string().trim()], { error: `${label} must be a number` })
    .transform((v, ctx) => {
      if (v === '') return null;
      // Plain decimals only: Number() would read "0x10" as 16 and "0b11" as 3 (issue 24 §5).
      const n = readDecimal(v);
      if (Number.isNaN(n)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number` });
        return z.NEVER;
      }
      if (n < 0 || n > PRICE_MAX) {
        ctx.addIssue({ code: 'custom', message: `${label} must be between 0 and 1,000,000` });
        return z.NEVER;
      }
      if (Math.abs(Math.round(n * 10_000) - n * 10_000) > 1e-6) {
        ctx.addIssue({ code: 'custom', message: `${label} can have at most 4 decimals` });
        return z.NEVER;
      }
      return n;
    })
    .nullable()
    .optional();

/** A price of a new trade: absent, null or empty means none. */
const price = (label: string) => priceValue(label).transform((v) => v ?? null);

/** A date written YYYY-MM-DD; '' or null means none; absent stays undefined. */
const dateValue = (label: string) =>
  z
    // The label is in the inner message too: a well-formed string that is not a real day names its field.
    .union([z.literal(''), z.string().refine(isIsoDate, { message: `${label} must be a date written YYYY-MM-DD` })], {
      error: `${label} must be a date written YYYY-MM-DD`,
    })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

const optionalDate = (label: string) => dateValue(label).transform((v) => v ?? null);

const tradeShape = {
  buy_date: optionalDate('Buy date'),
  buy_price: price('Buy price'),
  sell_date: optionalDate('Sell date'),
  sell_price: price('Sell price'),
  outcome: outcomeValue.optional().transform((v) => v ?? 'pending'),
  outcome_date: optionalDate('Outcome date'),
};

/**
 * An edit changes only the fields it sends: a field absent from the body keeps its value
 * (undefined here); an explicit null or empty value clears it (null here).
 */
const tradePatchShape = {
  buy_date: dateValue('Buy date'),
  buy_price: priceValue('Buy price'),
  sell_date: dateValue('Sell date'),
  sell_price: priceValue('Sell price'),
  outcome: outcomeValue.optional(),
  outcome_date: dateValue('Outcome date'),
};

const sellNotBeforeBuy = (t: { buy_date?: string | null; sell_date?: string | null }) =>
  !t.buy_date || !t.sell_date || t.sell_date >= t.buy_date;
const sellMessage = { message: 'Sell date cannot be before the buy date', path: ['sell_date'] };

export const tradeFields = z.object(tradeShape).refine(sellNotBeforeBuy, sellMessage);
export type TradeFields = z.infer<typeof tradeFields>;

function unwrap(body: unknown) {
  return body && typeof body === 'object' && 'newTrade' in body && typeof (body as { newTrade: unknown }).newTrade === 'object'
    ? (body as { newTrade: unknown }).newTrade
    : body;
}

const ids = {
  accountId: uuidId('Account is not a valid id'),
  splitId: uuidId('Split is not a valid id'),
};

/** product.md §7 names the payload `newTrade`; a flat body is accepted too. */
export const addTradeRequest = z.preprocess(unwrap, z.object({ ...ids, ...tradeShape }).refine(sellNotBeforeBuy, sellMessage));
export const editTradeRequest = z.preprocess(
  unwrap,
  z.object({ _id: uuidId('Trade is not a valid id'), ...tradePatchShape }).refine(sellNotBeforeBuy, sellMessage),
);
export type AddTradeRequest = z.infer<typeof addTradeRequest>;
export type EditTradeRequest = z.infer<typeof editTradeRequest>;
/** The fields an edit sends: undefined keeps the stored value, null clears it. */
export type TradePatch = { [K in keyof TradeFields]?: TradeFields[K] };

/**
 * POST /api/trades/bulk (issue 14): the given fields on the caller's trade for one split in each
 * listed account, creating the trades that do not exist; all or nothing. Fields not sent keep
 * their values.
 */
export const BULK_MAX_ACCOUNTS = 200;
export const bulkTradesRequest = z
  .object({
    splitId: ids.splitId,
    accountIds: z
      .array(ids.accountId, { error: 'accountIds must be a list of account ids' })
      .min(1, 'Choose at least one account')
      .max(BULK_MAX_ACCOUNTS, `At most ${BULK_MAX_ACCOUNTS} accounts per request`)
      .refine((list) => new Set(list).size === list.length, 'An account is listed twice')
      .optional(),
    /** Issue 26 §4: instead of `accountIds`, the accounts of one of the caller's groups, in its order. */
    groupId: uuidId('Group is not a valid id').optional(),
    ...tradePatchShape,
  })
  .refine((b) => (b.accountIds === undefined) !== (b.groupId === undefined), {
    message: 'Send either accountIds or groupId',
    path: ['accountIds'],
  })
  .refine(sellNotBeforeBuy, sellMessage);
export type BulkTradesRequest = z.infer<typeof bulkTradesRequest>;
/** A bulk save once its group (if any) is read: the accounts to write, in order. */
export type BulkTradesOnAccounts = Omit<BulkTradesRequest, 'groupId' | 'accountIds'> & { accountIds: string[] };
/** What a client sends (fields it leaves out are kept). */
export type BulkTradesInput = z.input<typeof bulkTradesRequest>;

export const tradeParams = z.object(ids);
export const splitIdParams = z.object({ splitId: uuidId('Split is not a valid id') });

/** Admin: what members recorded for one split (beyond the spec). */
export const splitMemberStats = z.object({
  splitId: z.string(),
  /** Closed trades (bought and sold) behind the average. */
  trades: z.number().int(),
  members: z.number().int(),
  /** Average realized profit per account in dollars (two decimals), null with no trades. */
  avgProfit: z.number().nullable(),
  /** Members' accounts on this split by recorded outcome (issue 14): whether the round-up call held. */
  outcomes: z.object({
    accounts: z.number().int(),
    recorded: z.number().int(),
    shareReceived: z.number().int(),
    cashInLieu: z.number().int(),
    noCredit: z.number().int(),
  }),
});
export type SplitMemberStats = z.infer<typeof splitMemberStats>;

/** GET /api/trades/progress (issue 14): where the member stands on each split they traded. */
export const splitProgress = z.object({
  splitId: z.string(),
  /** Accounts with a recorded buy. */
  bought: z.number().int(),
  /** Accounts whose whole share arrived. */
  received: z.number().int(),
  /** Accounts with a recorded sale. */
  sold: z.number().int(),
  /** Accounts whose share arrived and is not sold yet. */
  receivedUnsold: z.number().int(),
});
export type SplitProgress = z.infer<typeof splitProgress>;
export const tradeProgress = z.object({
  /** The member's active accounts: what "of N" counts. */
  accounts: z.number().int(),
  progress: z.array(splitProgress),
});
export type TradeProgress = z.infer<typeof tradeProgress>;

/** Prices carry up to four decimals: exact integer ten-thousandths of a dollar ("ticks"). */
export const TICKS_PER_DOLLAR = 10_000;

/** Parses a price (pg numeric string like "12.3400", or a number) to integer ticks; null stays null. */
export function priceToTicks(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Math.round(value * TICKS_PER_DOLLAR);
  // Allocation-free decimal parse (analytics runs this on tens of thousands of rows).
  const len = value.length;
  let i = 0;
  let neg = false;
  if (value.charCodeAt(0) === 45) {
    neg = true;
    i = 1;
  }
  let whole = 0;
  let frac = 0;
  let fracDigits = 0;
  let roundUp = 0;
  let dot = false;
  let any = false;
  for (; i < len; i++) {
    const c = value.charCodeAt(i);
    if (c === 46 && !dot) {
      dot = true;
      continue;
    }
    if (c < 48 || c > 57) {
      const n = Number(value);
      return Number.isFinite(n) ? Math.round(n * TICKS_PER_DOLLAR) : null;
    }
    any = true;
    const d = c - 48;
    if (!dot) whole = whole * 10 + d;
    else if (fracDigits < 4) {
      frac = frac * 10 + d;
      fracDigits += 1;
    } else if (fracDigits === 4) {
      roundUp = d >= 5 ? 1 : 0;
      fracDigits += 1;
    }
  }
  if (!any) return null;
  for (let k = Math.min(fracDigits, 4); k < 4; k++) frac *= 10;
  const ticks = whole * TICKS_PER_DOLLAR + frac + roundUp;
  return neg ? -ticks : ticks;
}

/** Ticks to integer cents, rounding half away from zero. */
export function ticksToCents(ticks: number): number {
  const abs = Math.abs(ticks);
  const cents = Math.floor(abs / 100) + (abs % 100 >= 50 ? 1 : 0);
  return ticks < 0 ? -cents : cents;
}
