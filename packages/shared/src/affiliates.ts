import { z } from 'zod';

/** product.md §3 Referral: role User = Starter, Member (or Pro) = Pro. */
export interface Referral {
  _id: string;
  username: string;
  role: string;
}

export interface CommissionMonth {
  /** YYYY-MM */
  month: string;
  count: number;
  /** Cents. */
  earned: number;
  pending: number;
  paid: number;
}

export interface CommissionItem {
  _id: string;
  invoiceId: string;
  referredUsername: string | null;
  amount: number;
  status: 'pending' | 'paid' | 'reversed';
  createdDate: string;
  paidDate: string | null;
}

export interface CommissionsResponse {
  /** Cents. */
  totals: { earned: number; pending: number; paid: number };
  months: CommissionMonth[];
  items: CommissionItem[];
}

export const markCommissionsPaidRequest = z
  .object({ ids: z.array(z.uuid()).max(1000).optional() })
  .nullish()
  .transform((v) => v ?? {});
