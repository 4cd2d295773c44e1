import { z } from 'zod';

/** Billing (product.md#api /api/subs/*). The server decides prices; ids sent by the browser are only checked. */
export const BILLING_LEVELS = ['pro', 'lifetime'] as const;
export type BillingLevel = (typeof BILLING_LEVELS)[number];

/** `/upgrade/:level`: lifetime or og means lifetime, anything else pro (product.md#screens). */
export function billingLevelFromParam(level: string | null | undefined): BillingLevel {
  const l = (level ?? '').toLowerCase();
  return l === 'lifetime' || l === 'og' ? 'lifetime' : 'pro';
}

const optionalId = z.string().trim().max(255).optional().nullable();

/** POST /api/subs/session and /api/subs/lifetime (product.md#api: priceId, stripeCustomerId, userId). */
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

export const checkoutSessionView = z.object({ id: z.string(), url: z.string() });
export type CheckoutSessionView = z.infer<typeof checkoutSessionView>;

/** product.md#stored Subscription, with the fields the subscription tab needs. */
export const subscriptionView = z.object({
  id: z.string(),
  level: z.enum(BILLING_LEVELS),
  tier: z.string(),
  status: z.string(),
  quantity: z.number().int(),
  cancel_at_period_end: z.boolean(),
  /** Seconds since the epoch, or null for lifetime. */
  current_period_end: z.number().int().nullable(),
  refunded: z.boolean(),
  /** True while a cancellation would refund the first payment (within 7 days of it). */
  refund_eligible: z.boolean(),
  /** Whether the Cancel membership button applies (active and cancellable). */
  cancelable: z.boolean(),
  items: z.object({
    total_count: z.number().int(),
    data: z.array(
      z.object({
        id: z.string(),
        created: z.number().int(),
        price: z.object({ unit_amount: z.number().int() }),
        amount_refunded: z.number().int(),
      }),
    ),
  }),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

/** product.md#stored Invoice, in the same order as subscription.items. */
export const invoiceView = z.object({
  id: z.string(),
  created: z.number().int(),
  status: z.string(),
  amount_paid: z.number().int(),
  amount_refunded: z.number().int(),
  hosted_invoice_url: z.string().nullable(),
  invoice_pdf: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof invoiceView>;

/** A billing receipt or notice (payment, refund, cancellation), as emailed to the member. */
export const billingNoticeView = z.object({
  id: z.string(),
  /** paid, refund, cancel-scheduled, ended, payment-failed (more may come). */
  kind: z.string(),
  subject: z.string(),
  body: z.string(),
  /** Seconds since the epoch. */
  created: z.number().int(),
});
export type BillingNoticeView = z.infer<typeof billingNoticeView>;

/** A renewal whose payment failed and is not paid yet (the banner, the Subscription tab). */
export const paymentFailureView = z.object({
  invoice_id: z.string(),
  /** Cents the failed payment asked for. */
  amount: z.number().int(),
  /** Stripe's next retry (seconds since the epoch): update the card before it; null when none is planned. */
  update_by: z.number().int().nullable(),
});
export type PaymentFailureView = z.infer<typeof paymentFailureView>;

/** `GET /api/subs/alert`: what the app must tell the member on every page (a failed payment), or null. */
export const billingAlertResponse = z.object({ payment_failed: paymentFailureView.nullable() });
export type BillingAlertResponse = z.infer<typeof billingAlertResponse>;

/** `POST /api/subs/portal`: where the member updates their card (Stripe's billing portal, for a few minutes). */
export const billingPortalResponse = z.object({ url: z.string() });

/** A billing problem for admins: a price that is not ours, or a mismatch the reconciliation could not fix. */
export const billingFlagView = z.object({
  id: z.string(),
  /** foreign-price | access-without-payment | payment-without-access | fixed */
  kind: z.string(),
  user_id: z.string().nullable(),
  username: z.string().nullable(),
  object_id: z.string().nullable(),
  price_id: z.string().nullable(),
  detail: z.string(),
  /** Seconds since the epoch. */
  created: z.number().int(),
  last_seen: z.number().int(),
  /** When it was fixed or no longer found (seconds since the epoch); null while open. */
  resolved: z.number().int().nullable(),
});
export type BillingFlagView = z.infer<typeof billingFlagView>;

/** One day's reconciliation of members' access with Stripe. */
export const reconciliationRunView = z.object({
  day: z.string(),
  started: z.number().int(),
  finished: z.number().int().nullable(),
  checked: z.number().int(),
  fixed: z.number().int(),
  flagged: z.number().int(),
  error: z.string().nullable(),
});
export type ReconciliationRunView = z.infer<typeof reconciliationRunView>;

/** `GET /api/admin/billing/reconciliation`: the latest runs and the open flags. */
export const billingReconciliationResponse = z.object({
  runs: z.array(reconciliationRunView),
  flags: z.array(billingFlagView),
});
export type BillingReconciliationResponse = z.infer<typeof billingReconciliationResponse>;

export const fetchSubscriptionResponse = z.object({
  subscription: subscriptionView.nullable(),
  invoices: z.object({ data: z.array(invoiceView) }),
  /** The latest billing notices, newest first (optional for older servers). */
  notices: z.array(billingNoticeView).optional(),
  /** Where the member stands now, in one sentence ("You still have Pro until …"). */
  summary: z.string().optional(),
  /** The next renewal of the monthly plan (seconds since the epoch, cents), or null. */
  next_renewal: z.object({ date: z.number().int(), amount: z.number().int() }).nullable().optional(),
  /** A renewal whose payment failed and is not paid yet, or null. */
  payment_failed: paymentFailureView.nullable().optional(),
});
export type FetchSubscriptionResponse = z.infer<typeof fetchSubscriptionResponse>;

export const cancelSubscriptionResponse = z.object({
  outcome: z.enum(['refunded', 'scheduled']),
  /** Refunded amount in cents (outcome refunded). */
  refundAmount: z.number().int(),
  /** ISO instant access lasts until (outcome scheduled). */
  accessUntil: z.string().nullable(),
  msg: z.string(),
});
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponse>;

/** The local test checkout page's view of a session. */
export const testCheckoutView = z.object({
  id: z.string(),
  level: z.enum(BILLING_LEVELS),
  amount: z.number().int(),
  status: z.string(),
  email: z.string(),
  username: z.string(),
});
export type TestCheckoutView = z.infer<typeof testCheckoutView>;

const priceView = z
  .object({ amount: z.number().int(), currency: z.string(), interval: z.literal('month').nullable() })
  .nullable();

/** GET /api/site: the public settings the pages show, from the server's configuration. */
export const siteInfo = z.object({
  supportEmail: z.string(),
  /** Whether members get a Discord server (DISCORD_INVITE_URL set): when not, Discord is not offered. */
  discord: z.boolean(),
  /** The invite itself, for paid members only. */
  discordInviteUrl: z.string().nullable(),
  /** Prices from the payment configuration (cents), null when not configured. */
  prices: z.object({ pro: priceView, lifetime: priceView }),
});
export type SiteInfo = z.infer<typeof siteInfo>;
