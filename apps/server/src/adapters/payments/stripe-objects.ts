import type Stripe from 'stripe';
import type { ChargeInfo, CheckoutInfo, InvoiceInfo, Level, SubscriptionInfo } from './types';

/** Stripe's objects read into the provider's own shapes (./types), and the Checkout Session we ask for. */

export const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

export function subscriptionInfo(s: Stripe.Subscription): SubscriptionInfo {
  const item = s.items?.data?.[0];
  const legacyEnd = (s as unknown as { current_period_end?: number }).current_period_end;
  return {
    id: s.id,
    customerId: idOf(s.customer),
    userId: s.metadata?.userId ?? null,
    status: s.status,
    priceId: item?.price?.id ?? null,
    unitAmount: item?.price?.unit_amount ?? 0,
    quantity: item?.quantity ?? 1,
    created: s.created,
    currentPeriodStart:
      item?.current_period_start ?? (s as unknown as { current_period_start?: number }).current_period_start ?? null,
    currentPeriodEnd: item?.current_period_end ?? legacyEnd ?? null,
    cancelAtPeriodEnd: Boolean(s.cancel_at_period_end),
    latestInvoiceId: idOf(s.latest_invoice),
  };
}

/** A subscription Checkout for Pro, a one-time payment with an invoice for Lifetime; both carry the member. */
export function checkoutParams(input: {
  level: Level;
  priceId: string;
  customerId: string;
  userId: string;
  successUrl: string;
  cancelUrl: string;
}): Stripe.Checkout.SessionCreateParams {
  const { level, priceId, customerId, userId, successUrl, cancelUrl } = input;
  const metadata = { userId, level };
  const common = {
    customer: customerId,
    client_reference_id: userId,
    line_items: [{ price: priceId, quantity: 1 }],
    success_url: successUrl,
    cancel_url: cancelUrl,
    metadata,
  };
  return level === 'pro'
    ? { mode: 'subscription', ...common, subscription_data: { metadata } }
    : {
        mode: 'payment',
        ...common,
        payment_intent_data: { metadata },
        invoice_creation: { enabled: true, invoice_data: { metadata } },
      };
}

export function checkoutInfo(s: Stripe.Checkout.Session): CheckoutInfo {
  const level = s.metadata?.level === 'lifetime' ? 'lifetime' : s.metadata?.level === 'pro' ? 'pro' : null;
  return {
    id: s.id,
    url: s.url ?? null,
    status: s.status ?? 'open',
    paid: s.payment_status === 'paid' || s.payment_status === 'no_payment_required',
    mode: s.mode === 'payment' ? 'payment' : 'subscription',
    level,
    userId: s.client_reference_id ?? s.metadata?.userId ?? null,
    customerId: idOf(s.customer),
    subscriptionId: idOf(s.subscription),
    invoiceId: idOf(s.invoice),
    paymentIntentId: idOf(s.payment_intent),
    amountTotal: s.amount_total ?? null,
    priceId: null,
  };
}

/**
 * An invoice, with the payment intent that paid it (`paymentIntentId`, from Stripe's invoice-payments
 * list: the invoice's own `payments` field is expanded only on request, and its `payment` may carry no id).
 */
export function invoiceInfo(inv: Stripe.Invoice & { id: string }, paymentIntentId: string | null): InvoiceInfo {
  const details = inv.parent?.subscription_details ?? null;
  return {
    id: inv.id,
    customerId: idOf(inv.customer as string | { id: string } | null),
    subscriptionId: idOf(details?.subscription ?? null),
    userId: inv.metadata?.userId ?? details?.metadata?.userId ?? null,
    status: inv.status ?? 'draft',
    amountPaid: inv.amount_paid ?? 0,
    amountDue: inv.amount_due ?? 0,
    attempted: Boolean(inv.attempted),
    nextPaymentAttempt: inv.next_payment_attempt ?? null,
    created: inv.created,
    paidAt: inv.status_transitions?.paid_at ?? null,
    hostedInvoiceUrl: inv.hosted_invoice_url ?? null,
    invoicePdf: inv.invoice_pdf ?? null,
    paymentIntentId,
  };
}

/** The payment intent of an invoice's paid payment (a card payment; other payment types carry none). */
export function paidPaymentIntent(payments: readonly Stripe.InvoicePayment[]): string | null {
  const paid = payments.find((p) => p.status === 'paid') ?? payments[0];
  return idOf(paid?.payment?.payment_intent ?? null);
}

export function chargeInfo(c: Stripe.Charge, invoiceId: string | null): ChargeInfo {
  return {
    id: c.id,
    paymentIntentId: idOf(c.payment_intent),
    invoiceId,
    amount: c.amount,
    amountRefunded: c.amount_refunded,
  };
}
