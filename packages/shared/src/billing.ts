import { z } from 'zod';

/** Billing (product.md §7 /api/subs/*). The server decides prices; ids sent by the browser are only checked. */
export const BILLING_LEVELS = ['pro', 'lifetime'] as const;
export type BillingLevel = (typeof BILLING_LEVELS)[number];

/** `/upgrade/:level`: lifetime or og means lifetime, anything else pro (product.md §2). */
export function billingLevelFromParam(level: string | null | undefined): BillingLevel {
  const l = (level ?? '').toLowerCase();
  return l === 'lifetime' || l === 'og' ? 'lifetime' : 'pro';
}

const optionalId = z.string().trim().max(255).optional().nullable();

/** POST /api/subs/session and /api/subs/lifetime (product.md §7: priceId, stripeCustomerId, userId). */
export const checkoutRequest = z
  .object({ priceId: optionalId, stripeCustomerId: optionalId, userId: optionalId })
  .nullish()
  .transform((v) => v ?? {});
export const registerSuccessRequest = z.object({
  sessionId: z.string({ error: 'sessionId is required' }).trim().min(1, 'sessionId is required').max(255),
});
export const subscriptionIdRequest = z
  .object({ subscriptionId: optionalId })
  .nullish()
  .transform((v) => v ?? {});

export interface CheckoutSessionView {
  id: string;
  url: string;
}

/** product.md §3 Subscription, with the fields the subscription tab needs. */
export interface SubscriptionView {
  id: string;
  level: BillingLevel;
  tier: string;
  status: string;
  quantity: number;
  cancel_at_period_end: boolean;
  /** Seconds since the epoch, or null for lifetime. */
  current_period_end: number | null;
  refunded: boolean;
  /** True while a cancellation would refund the first payment (within 7 days of it). */
  refund_eligible: boolean;
  /** Whether the Cancel membership button applies (active and cancellable). */
  cancelable: boolean;
  items: {
    total_count: number;
    data: { id: string; created: number; price: { unit_amount: number }; amount_refunded: number }[];
  };
}

/** product.md §3 Invoice, in the same order as subscription.items. */
export interface InvoiceView {
  id: string;
  created: number;
  status: string;
  amount_paid: number;
  amount_refunded: number;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
}

/** A billing receipt or notice (payment, refund, cancellation), as emailed to the member. */
export interface BillingNoticeView {
  id: string;
  kind: 'paid' | 'refund' | 'cancel-scheduled' | 'ended' | string;
  subject: string;
  body: string;
  /** Seconds since the epoch. */
  created: number;
}

export interface FetchSubscriptionResponse {
  subscription: SubscriptionView | null;
  invoices: { data: InvoiceView[] };
  /** The latest billing notices, newest first (optional for older servers). */
  notices?: BillingNoticeView[];
  /** Where the member stands now, in one sentence ("You still have Pro until …"). */
  summary?: string;
  /** The next renewal of the monthly plan (seconds since the epoch, cents), or null. */
  next_renewal?: { date: number; amount: number } | null;
}

export interface CancelSubscriptionResponse {
  outcome: 'refunded' | 'scheduled';
  /** Refunded amount in cents (outcome refunded). */
  refundAmount: number;
  /** ISO instant access lasts until (outcome scheduled). */
  accessUntil: string | null;
  msg: string;
}

/** The local test checkout page's view of a session. */
export interface TestCheckoutView {
  id: string;
  level: BillingLevel;
  amount: number;
  status: string;
  email: string;
  username: string;
}

/** GET /api/site (issue 14): the public settings the pages show, from the server's configuration. */
export interface SiteInfo {
  supportEmail: string;
  /** Whether members get a Discord server (DISCORD_INVITE_URL set): when not, Discord is not offered. */
  discord: boolean;
  /** The invite itself, for paid members only. */
  discordInviteUrl: string | null;
  /** Prices from the payment configuration (cents), null when not configured. */
  prices: {
    pro: { amount: number; currency: string; interval: 'month' | null } | null;
    lifetime: { amount: number; currency: string; interval: 'month' | null } | null;
  };
}
