import { z } from 'zod';
import { uuidId } from './input';
import { isIsoDate } from './dates';

/**
 * Issuer risk on a split: what makes one round-up less safe than another (clawbacks, late notice,
 * exchange caps, sub-dime prices, participant-level rounding). Pro members and admins get it on
 * every whole row; masked rows, Starter rows, the live stream and the iCal feed never carry it.
 * The level is the worst of the reasons (decision 045); no reason is `normal`.
 */
export const RISK_LEVELS = ['normal', 'elevated', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const RISK_CODES = [
  'clawback_history',
  'short_notice',
  'nyse_late_notice',
  'cumulative_ratio',
  'sub_dime',
  'participant_level',
] as const;
export type RiskCode = (typeof RISK_CODES)[number];

export const riskReasonSchema = z.object({
  code: z.enum(RISK_CODES),
  /** One plain sentence ("Issuer reversed round-up shares in 2024"). */
  text: z.string(),
  /** Where the fact comes from: a filing, a court or press link, or the risk page's section. */
  source: z.string().nullable(),
});
export type RiskReason = z.infer<typeof riskReasonSchema>;

export const splitRiskSchema = z.object({
  level: z.enum(RISK_LEVELS),
  reasons: z.array(riskReasonSchema),
});
export type SplitRisk = z.infer<typeof splitRiskSchema>;

/** How each level reads on a badge. */
export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = {
  normal: 'Normal risk',
  elevated: 'Elevated risk',
  high: 'High risk',
};

/** What an issuer did to round-up holders before, as an admin records it. */
export const CLAWBACK_KINDS = ['refused', 'reversed', 'litigated'] as const;
export type ClawbackKind = (typeof CLAWBACK_KINDS)[number];

/** One recorded clawback of an issuer (admin-written, with the link that shows it). */
export const issuerClawbackSchema = z.object({
  _id: z.string(),
  cik: z.string().nullable(),
  ticker: z.string().nullable(),
  name: z.string(),
  kind: z.enum(CLAWBACK_KINDS),
  /** When it happened (YYYY-MM-DD). */
  date: z.string(),
  source: z.string(),
  createdAt: z.string(),
});
export type IssuerClawback = z.infer<typeof issuerClawbackSchema>;

const https = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .refine((v) => /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v), { message: `${label} must be an https:// link` });

/** POST /api/admin/clawbacks: record that an issuer refused, reversed or litigated round-ups. */
export const addClawbackRequest = z.object({
  name: z
    .string({ error: 'Company name is required' })
    .trim()
    .min(1, 'Company name is required')
    .max(200, 'Company name must be at most 200 characters'),
  ticker: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9.-]{0,11}$/, 'Ticker must be 1–12 letters, digits, dots or dashes')
    .nullish()
    .transform((v) => v ?? null),
  cik: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'CIK must be digits')
    .nullish()
    .transform((v) => (v ? v.replace(/^0+(?=\d)/, '') : null)),
  kind: z.enum(CLAWBACK_KINDS, { error: `Kind must be one of ${CLAWBACK_KINDS.join(', ')}` }),
  date: z.string({ error: 'Date is required' }).trim().refine(isIsoDate, { message: 'Date must be a valid date (YYYY-MM-DD)' }),
  source: https('Source link'),
});
export type AddClawbackRequest = z.infer<typeof addClawbackRequest>;

export const deleteClawbackRequest = z.object({ id: uuidId('Unknown clawback record') });
export const clawbackListResponse = z.object({ clawbacks: z.array(issuerClawbackSchema) });
