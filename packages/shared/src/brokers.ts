import { z } from 'zod';
import { RATING_MAX, SHARE_RETURN_TIMES } from './domain';
import { brokerRuleFields, brokerRulesSchema, roundUpStatusProblem, type RoundUpStatus } from './broker-rules';

/** Limits of the broker fields (product.md#stored Broker, product.md#limits). */
export const BROKER_LIMITS = {
  name: 100,
  logo: 500,
  headline: 200,
  refLink: 500,
  html: 10_000,
  fullReview: 20_000,
  notes: 2_000,
  reviewBlurb: 1_000,
} as const;

const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
/** An absolute http(s) URL, or a site path such as /brokers/schwab.svg. */
const LOGO_URL = /^(https?:\/\/[^\s/$.?#][^\s]*|\/(?!\/)[^\s]*)$/i;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** What an admin sends to add or edit a broker (`newBroker`). HTML fields are sanitized by the server. */
export const brokerInput = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(BROKER_LIMITS.name, `Name must be at most ${BROKER_LIMITS.name} characters`),
  logo: optionalText(BROKER_LIMITS.logo, 'Logo').refine((v) => v === null || LOGO_URL.test(v), {
    message: 'Logo must be an http(s) URL or a path starting with /',
  }),
  headline: optionalText(BROKER_LIMITS.headline, 'Headline'),
  signupPromo: optionalText(BROKER_LIMITS.html, 'Sign-up promo'),
  refLink: z
    .string({ error: 'Referral link is required' })
    .trim()
    .min(1, 'Referral link is required')
    .max(BROKER_LIMITS.refLink, `Referral link must be at most ${BROKER_LIMITS.refLink} characters`)
    .refine((v) => HTTP_URL.test(v), { message: 'Referral link must be an http(s) URL' }),
  shareReturnTime: z
    .number({ error: 'Share return time is required' })
    .refine((v) => (SHARE_RETURN_TIMES as readonly number[]).includes(v), {
      message: `Share return time must be one of ${SHARE_RETURN_TIMES.join(', ')} days`,
    })
    .default(1),
  rating: z
    .number({ error: 'Rating must be a whole number from 0 to 5' })
    .int(`Rating must be a whole number from 0 to ${RATING_MAX}`)
    .min(0, `Rating must be a whole number from 0 to ${RATING_MAX}`)
    .max(RATING_MAX, `Rating must be a whole number from 0 to ${RATING_MAX}`)
    .default(0),
  fees: optionalText(BROKER_LIMITS.html, 'Fees'),
  notes: optionalText(BROKER_LIMITS.notes, 'Notes'),
  fullReview: optionalText(BROKER_LIMITS.fullReview, 'Full review'),
  reviewBlurb: optionalText(BROKER_LIMITS.reviewBlurb, 'Review blurb'),
  accountCash: z.boolean().default(false),
  accountMargin: z.boolean().default(false),
  accountTradIRA: z.boolean().default(false),
  accountRothIRA: z.boolean().default(false),
  disabled: z.boolean().default(false),
  ...brokerRuleFields,
});
export type BrokerInput = z.infer<typeof brokerInput>;
export type BrokerInputRaw = z.input<typeof brokerInput>;

const idSchema = z.string({ error: 'id is required' }).trim().toLowerCase().min(1, 'id is required').max(64);

/** A round-up status carries its date. */
const datedStatus = (b: { newBroker: { roundUpStatus: RoundUpStatus | null; roundUpStatusDate: string | null } }) =>
  roundUpStatusProblem(b.newBroker) === null;
const datedStatusIssue = { message: 'Give the date the round-up status was checked', path: ['newBroker', 'roundUpStatusDate'] };

export const addBrokerRequest = z.object({ newBroker: brokerInput }).refine(datedStatus, datedStatusIssue);
export const editBrokerRequest = z
  .object({ newBroker: brokerInput.extend({ _id: idSchema }) })
  .refine(datedStatus, datedStatusIssue);
export const deleteBrokerRequest = z.object({ id: idSchema });

/** Members' recorded outcomes at one broker. */
export const measuredBrokerSchema = z.object({
  /** Recorded outcomes (share received, cash in lieu or no credit). */
  samples: z.number().int(),
  /** Different members behind them. */
  members: z.number().int(),
  /** Share of the outcomes where the whole share arrived, 0–1 (two decimals). */
  shareReceivedRate: z.number(),
  /** Median calendar days from the split's effective date to the share's arrival; null without dated arrivals. */
  medianReturnDays: z.number().nullable(),
});
export type MeasuredBroker = z.infer<typeof measuredBrokerSchema>;

/** A broker as the API returns it (product.md#stored field names). `notes` is only sent to admins. */
export const brokerSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    logo: z.string().nullable(),
    headline: z.string().nullable(),
    signupPromo: z.string().nullable(),
    refLink: z.string().nullable(),
    shareReturnTime: z.number(),
    rating: z.number(),
    fees: z.string().nullable(),
    notes: z.string().nullable().optional(),
    fullReview: z.string().nullable(),
    reviewBlurb: z.string().nullable(),
    accountCash: z.boolean(),
    accountMargin: z.boolean(),
    accountTradIRA: z.boolean(),
    accountRothIRA: z.boolean(),
    disabled: z.boolean(),
    createdDate: z.string(),
    updatedDate: z.string(),
    /** What members recorded with this broker; null until enough outcomes exist. */
    measured: measuredBrokerSchema.nullable(),
    /** False when members mostly get cash here; null while nothing is measured. */
    honoursRoundUps: z.boolean().nullable(),
  })
  .extend(brokerRulesSchema.shape);
export type Broker = z.infer<typeof brokerSchema>;

/** Measured data is shown from this many outcomes of this many different members, so no one member's data can be read off it. */
export const MEASURED_MIN_SAMPLES = 5;
export const MEASURED_MIN_MEMBERS = 3;

/** The raw counts per broker → what the API shows (null below the thresholds). */
export function measuredBroker(
  raw: { samples: number; members: number; received: number; medianDays: number | null } | undefined,
): MeasuredBroker | null {
  if (!raw || raw.samples < MEASURED_MIN_SAMPLES || raw.members < MEASURED_MIN_MEMBERS) return null;
  return {
    samples: raw.samples,
    members: raw.members,
    shareReceivedRate: Math.round((raw.received / raw.samples) * 100) / 100,
    medianReturnDays: raw.medianDays === null ? null : Math.round(raw.medianDays * 10) / 10,
  };
}

/** A broker whose members mostly get cash (under half of the outcomes are shares) does not honour round-ups. */
export function honoursRoundUps(measured: MeasuredBroker | null): boolean | null {
  return measured === null ? null : measured.shareReceivedRate >= 0.5;
}

/** product.md#screens: share return time icon — 0–1 short, 2–5 medium, 10 or 14 long. */
export function shareReturnSpeed(days: number): 'short' | 'medium' | 'long' {
  if (days <= 1) return 'short';
  if (days <= 5) return 'medium';
  return 'long';
}
