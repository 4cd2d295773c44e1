import { z } from 'zod';
import { uuidId } from './input';

/** product.md#stored Referral: role User = Starter, Member (or Pro) = Pro. */
export const referralSchema = z.object({ _id: z.string(), username: z.string(), role: z.string() });
export type Referral = z.infer<typeof referralSchema>;

export const commissionMonth = z.object({
  /** YYYY-MM */
  month: z.string(),
  count: z.number().int(),
  /** Cents. */
  earned: z.number().int(),
  pending: z.number().int(),
  paid: z.number().int(),
});
export type CommissionMonth = z.infer<typeof commissionMonth>;

export const commissionItem = z.object({
  _id: z.string(),
  invoiceId: z.string(),
  referredUsername: z.string().nullable(),
  amount: z.number().int(),
  status: z.enum(['pending', 'paid', 'reversed']),
  createdDate: z.string(),
  paidDate: z.string().nullable(),
});
export type CommissionItem = z.infer<typeof commissionItem>;

export const commissionsResponse = z.object({
  /** Cents. */
  totals: z.object({ earned: z.number().int(), pending: z.number().int(), paid: z.number().int() }),
  months: z.array(commissionMonth),
  items: z.array(commissionItem),
});
export type CommissionsResponse = z.infer<typeof commissionsResponse>;
/** POST /api/affiliates/admin/:userId/mark-paid: how many were marked, and the commissions now. */
export const markCommissionsPaidResponse = commissionsResponse.extend({ count: z.number().int() });

export const markCommissionsPaidRequest = z
  .object({ ids: z.array(uuidId()).max(1000).optional() })
  .nullish()
  .transform((v) => v ?? {});
