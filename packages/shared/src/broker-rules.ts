import { z } from 'zod';
import { isIsoDate } from './dates';

/**
 * Each broker's dated rules, edited by admins and shown on /brokers and in Record Trades — the
 * minimum order by price band, whether the share arrives on the effective date, whether the broker
 * honours round-up buys (as of a date, with the source), whether it hands back the fraction instead
 * of cash, what a new account may not buy yet, and its reorganisation fee.
 */
export const ROUND_UP_STATUSES = ['honours', 'does_not_honour', 'blocks'] as const;
export type RoundUpStatus = (typeof ROUND_UP_STATUSES)[number];
export const ROUND_UP_STATUS_LABELS: Record<RoundUpStatus, string> = {
  honours: 'Honours round-ups',
  does_not_honour: 'Does not honour round-ups',
  blocks: 'Blocks round-up buys',
};
export const MINIMUM_ORDER_MAX_BANDS = 10;
export const MINIMUM_SHARES_MAX = 1_000_000;
export const ROUND_UP_SOURCE_MAX = 500;
export const NEW_ACCOUNT_RESTRICTION_MAX = 500;
/** A reorganisation fee above $1,000 is a typo. */
export const REORG_FEE_CENTS_MAX = 100_000;

/** "At least `minShares` shares when the price is under `below` dollars." */
export const minimumOrderBand = z.object({
  below: z
    .number({ error: 'A price band needs a price' })
    .positive('A price band’s price must be above 0')
    .max(100_000, 'A price band’s price must be at most 100000'),
  minShares: z
    .number({ error: 'A price band needs a number of shares' })
    .int('Minimum shares must be a whole number')
    .min(1, 'Minimum shares must be at least 1')
    .max(MINIMUM_SHARES_MAX, `Minimum shares must be at most ${MINIMUM_SHARES_MAX}`),
});
export type MinimumOrderBand = z.infer<typeof minimumOrderBand>;
export type MinimumOrderRule = readonly MinimumOrderBand[];

export const minimumOrderRule = z
  .array(minimumOrderBand, { error: 'The minimum order must be a list of price bands' })
  .max(MINIMUM_ORDER_MAX_BANDS, `At most ${MINIMUM_ORDER_MAX_BANDS} price bands`)
  .refine((bands) => new Set(bands.map((b) => b.below)).size === bands.length, 'Two price bands have the same price')
  .transform((bands) => [...bands].sort((a, b) => b.below - a.below));

/** The rule fields as an admin sends them (defaults: no rule known). */
export const brokerRuleFields = {
  minimumOrder: minimumOrderRule.default([]),
  dayOneDelivery: z.boolean({ error: 'Day-one delivery must be yes, no or unknown' }).nullable().default(null),
  roundUpStatus: z
    .enum(ROUND_UP_STATUSES, { error: `Round-up status must be one of: ${ROUND_UP_STATUSES.join(', ')}` })
    .nullable()
    .default(null),
  roundUpStatusDate: z
    .string()
    .refine(isIsoDate, { message: 'The round-up status date must be written YYYY-MM-DD' })
    .nullable()
    .default(null),
  roundUpStatusSource: z
    .string()
    .trim()
    .max(ROUND_UP_SOURCE_MAX, `The source note must be at most ${ROUND_UP_SOURCE_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The broker credits the fraction of a post-split share instead of paying cash for it. */
  returnsFraction: z.boolean({ error: 'Returns fraction must be true or false' }).default(false),
  /** What a new account may not buy yet, as the broker says it ("no stocks under $1 until funds settle"). */
  newAccountRestriction: z
    .string({ error: 'The new account restriction must be text' })
    .trim()
    .max(NEW_ACCOUNT_RESTRICTION_MAX, `The new account restriction must be at most ${NEW_ACCOUNT_RESTRICTION_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The fee the broker charges for a reorganisation such as a reverse split, in cents (null: not known). */
  reorgFeeCents: z
    .number({ error: 'The reorganisation fee must be a whole number of cents' })
    .int('The reorganisation fee must be a whole number of cents')
    .min(0, 'The reorganisation fee cannot be negative')
    .max(REORG_FEE_CENTS_MAX, 'The reorganisation fee must be at most $1,000')
    .nullable()
    .default(null),
};

/** A round-up status is dated: the message for a status without its date, else null. */
export function roundUpStatusProblem(r: {
  roundUpStatus: RoundUpStatus | null;
  roundUpStatusDate: string | null;
}): string | null {
  return r.roundUpStatus !== null && r.roundUpStatusDate === null ? 'Give the date the round-up status was checked' : null;
}

/** The rules as the API returns them. */
export const brokerRulesSchema = z.object({
  minimumOrder: z.array(z.object({ below: z.number(), minShares: z.number().int() })),
  dayOneDelivery: z.boolean().nullable(),
  roundUpStatus: z.enum(ROUND_UP_STATUSES).nullable(),
  roundUpStatusDate: z.string().nullable(),
  roundUpStatusSource: z.string().nullable(),
  returnsFraction: z.boolean(),
  newAccountRestriction: z.string().nullable(),
  reorgFeeCents: z.number().int().nullable(),
});
export type BrokerRules = z.infer<typeof brokerRulesSchema>;

/**
 * The fewest shares the broker takes in one buy at `price`: the band with the lowest `below`
 * that the price is under (100 under $1, 1,000 under $0.10), else 1.
 */
export function minimumShares(rule: MinimumOrderRule, price: number): number {
  let best: MinimumOrderBand | null = null;
  for (const band of rule) if (price < band.below && (best === null || band.below < best.below)) best = band;
  return best?.minShares ?? 1;
}

/** A broker that blocks round-up buys or does not honour them: marked where accounts are chosen, left out of bulk defaults. */
export function avoidsRoundUps(status: RoundUpStatus | null | undefined): boolean {
  return status === 'blocks' || status === 'does_not_honour';
}
