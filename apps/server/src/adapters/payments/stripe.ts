import Stripe from 'stripe';
import { checkoutInfo, checkoutParams, idOf, subscriptionInfo } from './stripe-objects';
import { stripeReads } from './stripe-reads';
import type { Level, PaymentProvider, PriceInfo } from './types';
import { WebhookSignatureError } from './types';

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeOptions {
  secretKey: string;
  webhookSecret?: string;
  prices: Record<Level, string | undefined>;
  /** Another API host, e.g. a local server in tests (http://127.0.0.1:12111). */
  apiBase?: string;
}

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

  const provider: PaymentProvider = {
    kind: 'stripe',
    priceFor: (level) => opts.prices[level] ?? null,
    priceOf: priceReader(stripe, opts.prices),

    async createCustomer({ email, userId, username }) {
      const c = await stripe.customers.create({ email, name: username, metadata: { userId } });
      return c.id;
    },

    async createCheckout({ level, priceId, customerId, userId, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create(
        checkoutParams({ level, priceId, customerId, userId, successUrl, cancelUrl }),
      );
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      return { id: session.id, url: session.url };
    },

    async retrieveCheckout(id) {
      const s = await orNull(() => stripe.checkout.sessions.retrieve(id));
      if (!s) return null;
      const info = checkoutInfo(s);
      // A one-time payment grants only for our Lifetime price: read what was bought once it is paid.
      if (info.mode === 'payment' && info.paid) {
        const items = await stripe.checkout.sessions.listLineItems(id, { limit: 1 });
        info.priceId = items.data[0]?.price?.id ?? null;
      }
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

    ...stripeReads(stripe, orNull),

    async portalUrl(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
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

    parseWebhook: (rawBody, signature) => parseWebhook(stripe, opts.webhookSecret, rawBody, signature),
  };
  return provider;
}

/** Prices change rarely: each is read once every ten minutes; a price Stripe cannot give reads as none. */
function priceReader(stripe: Stripe, prices: StripeOptions['prices']): PaymentProvider['priceOf'] {
  const cache = new Map<string, { at: number; value: PriceInfo | null }>();
  return async (level) => {
    const id = prices[level];
    if (!id) return null;
    const cached = cache.get(id);
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
    cache.set(id, { at: Date.now(), value });
    return value;
  };
}

/** A webhook's event, once its Stripe-Signature checks out against the secret (within the tolerance). */
function parseWebhook(stripe: Stripe, secret: string | undefined, rawBody: Buffer, signature: string | undefined) {
  if (!secret) throw new WebhookSignatureError('Webhooks are not configured (STRIPE_WEBHOOK_SECRET).');
  if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new WebhookSignatureError('Invalid webhook signature.');
  }
  const obj = event.data?.object as { id?: string } | undefined;
  return { id: event.id, type: event.type, objectId: obj?.id ?? '' };
}
