import Stripe from 'stripe';
import type { ChargeInfo, CheckoutInfo, InvoiceInfo, Level, PaymentProvider, PriceInfo, SubscriptionInfo } from './types';
import { WebhookSignatureError } from './types';

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeOptions {
  secretKey: string;
  webhookSecret?: string;
  prices: Record<Level, string | undefined>;
  /** Another API host, e.g. a local server in tests (http://127.0.0.1:12111). */
  apiBase?: string;
}

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

function isMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeError && (err.statusCode === 404 || err.code === 'resource_missing');
}

/** Stripe through its SDK: Checkout Sessions (subscription for pro, payment for lifetime), refunds, webhooks. */
export function stripePayments(opts: StripeOptions): PaymentProvider {
  const base = opts.apiBase ? new URL(opts.apiBase) : null;
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 1,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });

  async function orNull<T>(fn: () => Promise<T>): Promise<T | null> {
    try {
      return await fn();
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  function subscriptionInfo(s: Stripe.Subscription): SubscriptionInfo {
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

  // Prices change rarely: read each once every ten minutes.
  const priceCache = new Map<string, { at: number; value: PriceInfo | null }>();
  const provider: PaymentProvider = {
    kind: 'stripe',
    priceFor: (level) => opts.prices[level] ?? null,
    async priceOf(level) {
      const id = opts.prices[level];
      if (!id) return null;
      const cached = priceCache.get(id);
      if (cached && Date.now() - cached.at < 10 * 60_000) return cached.value;
      let value: PriceInfo | null = null;
      try {
        const p = await stripe.prices.retrieve(id);
        value =
          p.unit_amount === null
            ? null
            : { amount: p.unit_amount, currency: p.currency, interval: p.recurring?.interval === 'month' ? 'month' : null };
      } catch {
        value = null;
      }
      priceCache.set(id, { at: Date.now(), value });
      return value;
    },

    async createCustomer({ email, userId, username }) {
      const c = await stripe.customers.create({ email, name: username, metadata: { userId } });
      return c.id;
    },

    async createCheckout({ level, priceId, customerId, userId, successUrl, cancelUrl }) {
      const metadata = { userId, level };
      const session = await stripe.checkout.sessions.create(
        level === 'pro'
          ? {
              mode: 'subscription',
              customer: customerId,
              client_reference_id: userId,
              line_items: [{ price: priceId, quantity: 1 }],
              success_url: successUrl,
              cancel_url: cancelUrl,
              metadata,
              subscription_data: { metadata },
            }
          : {
              mode: 'payment',
              customer: customerId,
              client_reference_id: userId,
              line_items: [{ price: priceId, quantity: 1 }],
              success_url: successUrl,
              cancel_url: cancelUrl,
              metadata,
              payment_intent_data: { metadata },
              invoice_creation: { enabled: true, invoice_data: { metadata } },
            },
      );
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      return { id: session.id, url: session.url };
    },

    async retrieveCheckout(id) {
      const s = await orNull(() => stripe.checkout.sessions.retrieve(id));
      if (!s) return null;
      const level = s.metadata?.level === 'lifetime' ? 'lifetime' : s.metadata?.level === 'pro' ? 'pro' : null;
      const info: CheckoutInfo = {
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
      };
      return info;
    },

    async expireCheckout(id) {
      try {
        await stripe.checkout.sessions.expire(id);
      } catch (err) {
        // Already complete or expired: Stripe refuses; the session as it is now tells which.
        if (!(err instanceof Stripe.errors.StripeError) || (err.statusCode ?? 500) >= 500) throw err;
      }
      return provider.retrieveCheckout(id);
    },

    async retrieveSubscription(id) {
      const s = await orNull(() => stripe.subscriptions.retrieve(id));
      return s ? subscriptionInfo(s) : null;
    },

    async retrieveInvoice(id) {
      const inv = await orNull(() => stripe.invoices.retrieve(id, { expand: ['payments'] }));
      if (!inv || !inv.id) return null;
      const details = inv.parent?.subscription_details ?? null;
      const payment = inv.payments?.data?.find((p) => p.status === 'paid') ?? inv.payments?.data?.[0];
      const legacyPi = (inv as unknown as { payment_intent?: string | null }).payment_intent ?? null;
      const info: InvoiceInfo = {
        id: inv.id,
        customerId: idOf(inv.customer as string | { id: string } | null),
        subscriptionId: idOf(details?.subscription ?? null),
        userId: inv.metadata?.userId ?? details?.metadata?.userId ?? null,
        status: inv.status ?? 'draft',
        amountPaid: inv.amount_paid ?? 0,
        created: inv.created,
        paidAt: inv.status_transitions?.paid_at ?? null,
        hostedInvoiceUrl: inv.hosted_invoice_url ?? null,
        invoicePdf: inv.invoice_pdf ?? null,
        paymentIntentId: idOf(payment?.payment?.payment_intent ?? null) ?? legacyPi,
      };
      return info;
    },

    async retrieveCharge(id) {
      const c = await orNull(() => stripe.charges.retrieve(id));
      if (!c) return null;
      const info: ChargeInfo = {
        id: c.id,
        paymentIntentId: idOf(c.payment_intent),
        amount: c.amount,
        amountRefunded: c.amount_refunded,
      };
      return info;
    },

    async cancelSubscription(id, { atPeriodEnd }) {
      const s = atPeriodEnd
        ? await stripe.subscriptions.update(id, { cancel_at_period_end: true })
        : await stripe.subscriptions.cancel(id);
      return subscriptionInfo(s);
    },

    async refund(paymentIntentId, refundOpts = {}) {
      const { amount, key } = refundOpts;
      const r = await stripe.refunds.create(
        { payment_intent: paymentIntentId, ...(amount != null ? { amount } : {}) },
        { idempotencyKey: key ?? `refund-${paymentIntentId}` },
      );
      return { id: r.id, amount: r.amount, chargeId: idOf(r.charge) };
    },

    parseWebhook(rawBody, signature) {
      if (!opts.webhookSecret) throw new WebhookSignatureError('Webhooks are not configured (STRIPE_WEBHOOK_SECRET).');
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch {
        throw new WebhookSignatureError('Invalid webhook signature.');
      }
      const obj = event.data?.object as { id?: string } | undefined;
      return { id: event.id, type: event.type, objectId: obj?.id ?? '' };
    },
  };
  return provider;
}
