import { z } from 'zod';
import { decimalInput, readDecimal, uuidId } from './input';
import { isIsoDate } from './dates';

/** Trades (product.md#stored Trade, product.md#states Trade form, product.md#api /api/trades/*): one share per account and split. */
export const PRICE_MAX = 1_000_000;

/** What happened to the whole share a member bought for: recorded per trade. */
export const TRADE_OUTCOMES = ['pending', 'share_received', 'fraction_kept', 'cash_in_lieu', 'clawed_back', 'no_credit'] as const;
export type TradeOutcome = (typeof TRADE_OUTCOMES)[number];

/** A trade is a set of legs, each a buy or a sell of whole shares on a day at a price. */
export const LEG_SIDES = ['buy', 'sell'] as const;
export type LegSide = (typeof LEG_SIDES)[number];
export const LEGS_MAX = 20;
export const QUANTITY_MAX = 1_000_000_000;
export const legSchema = z.object({
  side: z.enum(LEG_SIDES),
  date: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number().nullable(),
});
export type TradeLeg = z.infer<typeof legSchema>;

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
  /** Every buy and sell, oldest first; buy_* and sell_* above are its first buy and last sell. */
  legs: z.array(legSchema),
  /** Whole shares the split left in the account (null: not said; a received share counts as 1). */
  shares_received: z.number().int().nullable(),
  /** Cash paid for the fraction, in dollars (null: none entered). */
  cash_in_lieu_amount: z.number().nullable(),
});
export type Trade = z.infer<typeof tradeSchema>;

const outcomeValue = z.enum(TRADE_OUTCOMES, { error: `Outcome must be one of ${TRADE_OUTCOMES.join(', ')}` });

const priceValue = (label: string) =>
  z
    .union([z.number(), z.string().trim()], { error: `${label} must be a number` })
    .transform((v, ctx) => {
      if (v === '') return null;
      // Plain decimals only: Number() would read "0x10" as 16 and "0b11" as 3.
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

const wholeNumber = (label: string, min: number) =>
  decimalInput(`${label} must be a whole number`).pipe(
    z
      .number()
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(QUANTITY_MAX, `${label} must be at most 1,000,000,000`),
  );

/** One leg as a client sends it: quantity defaults to 1; date and price may be left empty. */
export const legInput = z.object(
  {
    side: z.enum(LEG_SIDES, { error: 'A leg is a buy or a sell' }),
    date: optionalDate('Leg date'),
    quantity: wholeNumber('Quantity', 1)
      .optional()
      .transform((v) => v ?? 1),
    price: price('Leg price'),
  },
  { error: 'A leg is { side, date, quantity, price }' },
);
export type LegInput = z.input<typeof legInput>;

const legsValue = z
  .array(legInput, { error: 'legs must be a list of legs' })
  .max(LEGS_MAX, `At most ${LEGS_MAX} legs per trade`)
  .optional();

/** Outcome details: shares the split left, and the cash paid for a fraction. */
const sharesReceivedValue = wholeNumber('Shares received', 0).nullable().optional();
const cashValue = priceValue('Cash in lieu');

const tradeShape = {
  buy_date: optionalDate('Buy date'),
  buy_price: price('Buy price'),
  sell_date: optionalDate('Sell date'),
  sell_price: price('Sell price'),
  outcome: outcomeValue.optional().transform((v) => v ?? 'pending'),
  outcome_date: optionalDate('Outcome date'),
  legs: legsValue,
  shares_received: sharesReceivedValue.transform((v) => v ?? null),
  cash_in_lieu_amount: cashValue.transform((v) => v ?? null),
  kept_sell_date: dateValue('Kept share sell date'),
  kept_sell_price: priceValue('Kept share sell price'),
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
  /** Replaces every leg; flat fields sent with them must agree with them (a trade read back unchanged). */
  legs: legsValue,
  shares_received: sharesReceivedValue,
  cash_in_lieu_amount: cashValue,
  /**
   * The sale of the shares the split left (after the dance: the kept share), whatever else the trade holds:
   * it writes the sell on or after the effective date and never a sale before the split.
   */
  kept_sell_date: dateValue('Kept share sell date'),
  kept_sell_price: priceValue('Kept share sell price'),
};

const sellNotBeforeBuy = (t: { buy_date?: string | null; sell_date?: string | null }) =>
  !t.buy_date || !t.sell_date || t.sell_date >= t.buy_date;
const sellMessage = { message: 'Sell date cannot be before the buy date', path: ['sell_date'] };

/** On a one-share trade the sell and the kept share's sale are the same leg: a body names it one way. */
const oneSale = (t: Record<string, unknown>) =>
  (t.sell_date === undefined && t.sell_price === undefined) ||
  (t.kept_sell_date === undefined && t.kept_sell_price === undefined);
const oneSaleMessage = { message: 'Send the sell fields or the kept share sell fields, not both', path: ['kept_sell_price'] };

export const tradeFields = z.object(tradeShape).refine(sellNotBeforeBuy, sellMessage).refine(oneSale, oneSaleMessage);
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

/** product.md#api names the payload `newTrade`; a flat body is accepted too. */
export const addTradeRequest = z.preprocess(
  unwrap,
  z
    .object({ ...ids, ...tradeShape })
    .refine(sellNotBeforeBuy, sellMessage)
    .refine(oneSale, oneSaleMessage),
);
export const editTradeRequest = z.preprocess(
  unwrap,
  z
    .object({ _id: uuidId('Trade is not a valid id'), ...tradePatchShape })
    .refine(sellNotBeforeBuy, sellMessage)
    .refine(oneSale, oneSaleMessage),
);
export type AddTradeRequest = z.infer<typeof addTradeRequest>;
export type EditTradeRequest = z.infer<typeof editTradeRequest>;
/** The fields an edit sends: undefined keeps the stored value, null clears it. */
export type TradePatch = { [K in keyof TradeFields]?: TradeFields[K] };

/**
 * POST /api/trades/bulk: the given fields on the caller's trade for one split in each
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
    /** Instead of `accountIds`, the accounts of one of the caller's groups, in its order. */
    groupId: uuidId('Group is not a valid id').optional(),
    ...tradePatchShape,
  })
  .refine((b) => (b.accountIds === undefined) !== (b.groupId === undefined), {
    message: 'Send either accountIds or groupId',
    path: ['accountIds'],
  })
  .refine(sellNotBeforeBuy, sellMessage)
  .refine(oneSale, oneSaleMessage);
export type BulkTradesRequest = z.infer<typeof bulkTradesRequest>;
/** A bulk save once its group (if any) is read: the accounts to write, in order. */
export type BulkTradesOnAccounts = Omit<BulkTradesRequest, 'groupId' | 'accountIds'> & { accountIds: string[] };
/** What a client sends (fields it leaves out are kept). */
export type BulkTradesInput = z.input<typeof bulkTradesRequest>;

/**
 * What a bulk save did: the trades in the order of `accountIds`; how many changed and how many already held
 * these values; and the accounts left out because the sale or shares have nothing to stand on (nothing
 * credited, cash in lieu, no share kept), each named, with one line that says so.
 */
export const bulkTradesResponse = z.object({
  trades: z.array(tradeSchema),
  saved: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.array(z.object({ accountId: z.string(), msg: z.string() })),
  note: z.string().nullable(),
});
export type BulkTradesResponse = z.infer<typeof bulkTradesResponse>;

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
  /** Members' accounts on this split by recorded outcome: whether the round-up call held. */
  outcomes: z.object({
    accounts: z.number().int(),
    recorded: z.number().int(),
    shareReceived: z.number().int(),
    cashInLieu: z.number().int(),
    noCredit: z.number().int(),
  }),
});
export type SplitMemberStats = z.infer<typeof splitMemberStats>;

/** GET /api/trades/progress: where the member stands on each split they traded. */
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
  /** Of `bought`, buys in active accounts at brokers marked to avoid (the To do leaves those accounts out). */
  boughtAvoided: z.number().int().optional(),
});
export type SplitProgress = z.infer<typeof splitProgress>;
export const tradeProgress = z.object({
  /** The member's active accounts: what "of N" counts. */
  accounts: z.number().int(),
  /** Of `accounts`, those at brokers marked to avoid (they block or do not honour round-ups). */
  avoided: z.number().int().optional(),
  progress: z.array(splitProgress),
});
export type TradeProgress = z.infer<typeof tradeProgress>;
