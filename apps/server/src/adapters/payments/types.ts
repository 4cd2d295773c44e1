/**
 * The payment provider behind billing (product.md#running): one interface, two adapters — Stripe, and a
 * local test checkout used when no Stripe key is set. Both answer in these normalised shapes so
 * the billing module never depends on which one is live.
 */
export type Level = 'pro' | 'lifetime';

export interface CheckoutInfo {
  id: string;
  url: string | null;
  /** open | complete | expired */
  status: string;
  paid: boolean;
  mode: 'subscription' | 'payment';
  level: Level | null;
  /** The user the session was created for (client_reference_id / metadata). */
  userId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  paymentIntentId: string | null;
  amountTotal: number | null;
  /** The price bought (its first line item), read for one-time payments; null when not read. */
  priceId: string | null;
}

export interface SubscriptionInfo {
  id: string;
  customerId: string | null;
  userId: string | null;
  /** active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused */
  status: string;
  priceId: string | null;
  unitAmount: number;
  quantity: number;
  /** Seconds since the epoch. */
  created: number;
  /** Seconds since the epoch: the paid period now running (for prorated refunds). */
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  latestInvoiceId: string | null;
}

export interface InvoiceInfo {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  userId: string | null;
  /** draft, open, paid, uncollectible, void */
  status: string;
  amountPaid: number;
  /** Seconds since the epoch. */
  created: number;
  paidAt: number | null;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
  paymentIntentId: string | null;
  /** What the invoice asks for (cents): what a failed payment failed to collect. */
  amountDue: number;
  /** A payment was tried (and, while the invoice is still open, declined). */
  attempted: boolean;
  /** Seconds since the epoch: Stripe's next automatic retry of an open invoice; null when none is planned. */
  nextPaymentAttempt: number | null;
}

export interface ChargeInfo {
  id: string;
  paymentIntentId: string | null;
  /** The invoice this charge paid, as Stripe lists it for the payment intent; null for a payment without one. */
  invoiceId: string | null;
  amount: number;
  amountRefunded: number;
}

export interface ProviderEvent {
  id: string;
  type: string;
  objectId: string;
}

export class WebhookSignatureError extends Error {}

export interface PriceInfo {
  amount: number;
  currency: string;
  /** `month` for the subscription; null for a one-time payment. */
  interval: 'month' | null;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'local';
  /** The price of a level, or null when it is not configured. */
  priceFor(level: Level): string | null;
  /** What a level costs (cents), for the pricing pages; null when not configured or not readable. */
  priceOf(level: Level): Promise<PriceInfo | null>;
  createCustomer(input: { email: string; userId: string; username: string }): Promise<string>;
  createCheckout(input: {
    level: Level;
    priceId: string;
    customerId: string;
    userId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  retrieveCheckout(id: string): Promise<CheckoutInfo | null>;
  /** Expires an open checkout session so it can no longer be paid; answers the session as it now is (null when unknown). */
  expireCheckout(id: string): Promise<CheckoutInfo | null>;
  retrieveSubscription(id: string): Promise<SubscriptionInfo | null>;
  retrieveInvoice(id: string): Promise<InvoiceInfo | null>;
  retrieveCharge(id: string): Promise<ChargeInfo | null>;
  /** Cancels now, or at the end of the paid period. */
  cancelSubscription(id: string, opts: { atPeriodEnd: boolean }): Promise<SubscriptionInfo>;
  /**
   * Refunds a payment: in full, or `amount` cents of it. `key` makes a retry return the same
   * refund instead of refunding twice (Stripe's idempotency key).
   */
  refund(
    paymentIntentId: string,
    opts?: { amount?: number; key?: string },
  ): Promise<{ id: string; amount: number; chargeId: string | null }>;
  /** Every subscription the provider has that is live (active, trialing, past_due), for the daily reconciliation. */
  listLiveSubscriptions(): Promise<SubscriptionInfo[]>;
  /** A page where the member updates their card and pays an open invoice (Stripe's billing portal). */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies the signature over the raw body (300 s tolerance) and names the event. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
