import { randomBytes } from 'node:crypto';
import { addMonths } from 'date-fns';
import { and, eq, sql } from 'drizzle-orm';
import { LIMITS } from '@roundup/shared/domain';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import type { ChargeInfo, CheckoutInfo, InvoiceInfo, Level, PaymentProvider, SubscriptionInfo } from './types';
import { WebhookSignatureError } from './types';

/** Prices of the local test checkout, in cents. */
export const LOCAL_PRICES: Record<Level, { id: string; amount: number }> = {
  pro: { id: 'price_local_pro', amount: LIMITS.proMonthlyUsd * 100 },
  lifetime: { id: 'price_local_lifetime', amount: LIMITS.lifetimeUsd * 100 },
};

interface LocalSession extends CheckoutInfo {
  successUrl: string;
  cancelUrl: string;
  priceId: string;
}

const id = (prefix: string) => `${prefix}_local_${randomBytes(18).toString('base64url')}`;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The local test checkout: a provider of our own that charges nothing. It keeps sessions,
 * subscriptions, invoices and charges as records so every billing flow works with no keys.
 */
export function localPayments(db: Db, opts: { appUrl: string; clock: () => Date }): LocalPaymentProvider {
  const t = schema.localPaymentObjects;
  async function get<T>(key: string, kind: string): Promise<T | null> {
    const [row] = await db.select().from(t).where(eq(t.id, key)).limit(1);
    return row && row.kind === kind ? (row.data as T) : null;
  }
  async function put(key: string, kind: string, data: object) {
    await db.insert(t).values({ id: key, kind, data }).onConflictDoUpdate({ target: t.id, set: { data } });
  }

  const provider: LocalPaymentProvider = {
    kind: 'local',
    priceFor: (level) => LOCAL_PRICES[level].id,
    priceOf: async (level) => ({
      amount: LOCAL_PRICES[level].amount,
      currency: 'usd',
      interval: level === 'pro' ? 'month' : null,
    }),

    async createCustomer() {
      return id('cus');
    },

    async createCheckout(input) {
      const sid = id('cs');
      const session: LocalSession = {
        id: sid,
        url: `${opts.appUrl}/checkout/test/${sid}`,
        status: 'open',
        paid: false,
        mode: input.level === 'pro' ? 'subscription' : 'payment',
        level: input.level,
        userId: input.userId,
        customerId: input.customerId,
        subscriptionId: null,
        invoiceId: null,
        paymentIntentId: null,
        amountTotal: LOCAL_PRICES[input.level].amount,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        priceId: input.priceId,
      };
      await put(sid, 'session', session);
      return { id: sid, url: session.url! };
    },

    async retrieveCheckout(key) {
      const s = await get<LocalSession>(key, 'session');
      if (!s) return null;
      const { successUrl: _s, cancelUrl: _c, priceId: _p, ...info } = s;
      return info;
    },
    async retrieveSubscription(key) {
      const sub = await get<SubscriptionInfo>(key, 'subscription');
      // Like Stripe: a subscription set to cancel at period end becomes canceled when that period ends.
      if (
        sub &&
        sub.status === 'active' &&
        sub.cancelAtPeriodEnd &&
        sub.currentPeriodEnd &&
        sub.currentPeriodEnd <= seconds(opts.clock())
      ) {
        const ended: SubscriptionInfo = { ...sub, status: 'canceled' };
        await put(key, 'subscription', ended);
        return ended;
      }
      return sub;
    },
    retrieveInvoice: (key) => get<InvoiceInfo>(key, 'invoice'),
    retrieveCharge: (key) => get<ChargeInfo>(key, 'charge'),

    async cancelSubscription(key, { atPeriodEnd }) {
      const sub = await get<SubscriptionInfo>(key, 'subscription');
      if (!sub) throw new Error(`No such subscription: ${key}`);
      const next: SubscriptionInfo = atPeriodEnd
        ? { ...sub, cancelAtPeriodEnd: true }
        : { ...sub, status: 'canceled', cancelAtPeriodEnd: false };
      await put(key, 'subscription', next);
      return next;
    },

    async refund(paymentIntentId, refundOpts = {}) {
      // Like Stripe's idempotency key: the same key answers the same refund.
      const keyId = `re_key_${refundOpts.key ?? `refund-${paymentIntentId}`}`;
      const earlier = await get<{ id: string; amount: number; chargeId: string | null }>(keyId, 'refund-key');
      if (earlier) return earlier;
      const [row] = await db
        .select()
        .from(t)
        .where(eq(t.id, `ch_for_${paymentIntentId}`))
        .limit(1);
      const chargeId = row ? (row.data as { chargeId: string }).chargeId : null;
      const charge = chargeId ? await get<ChargeInfo>(chargeId, 'charge') : null;
      if (!charge) throw new Error(`No charge for ${paymentIntentId}`);
      const left = charge.amount - charge.amountRefunded;
      const amount = Math.min(left, refundOpts.amount ?? left);
      await put(charge.id, 'charge', { ...charge, amountRefunded: charge.amountRefunded + amount });
      const refundId = id('re');
      await put(refundId, 'refund', { id: refundId, paymentIntentId, chargeId: charge.id, amount });
      await put(keyId, 'refund-key', { id: refundId, amount, chargeId: charge.id });
      return { id: refundId, amount, chargeId: charge.id };
    },

    parseWebhook() {
      throw new WebhookSignatureError('Webhooks are not used by the local test checkout.');
    },

    async describe(key) {
      return get<LocalSession>(key, 'session');
    },

    async pay(key) {
      const s = await get<LocalSession>(key, 'session');
      if (!s) throw new Error(`No such session: ${key}`);
      if (s.status !== 'open') return s;
      // Like Stripe, a session is paid once: of two "Pay" clicks at once, only one claims it.
      const claimed = await db
        .update(t)
        .set({ data: sql`jsonb_set(${t.data}, '{status}', '"complete"')` })
        .where(and(eq(t.id, key), sql`${t.data}->>'status' = 'open'`))
        .returning({ id: t.id });
      if (!claimed.length) return (await get<LocalSession>(key, 'session'))!;
      const now = opts.clock();
      const level = s.level ?? 'pro';
      const amount = LOCAL_PRICES[level].amount;
      const pi = id('pi');
      const chargeId = id('ch');
      const invoiceId = id('in');
      let subscriptionId: string | null = null;
      if (level === 'pro') {
        subscriptionId = id('sub');
        const sub: SubscriptionInfo = {
          id: subscriptionId,
          customerId: s.customerId,
          userId: s.userId,
          status: 'active',
          priceId: s.priceId,
          unitAmount: amount,
          quantity: 1,
          created: seconds(now),
          currentPeriodStart: seconds(now),
          currentPeriodEnd: seconds(addMonths(now, 1)),
          cancelAtPeriodEnd: false,
          latestInvoiceId: invoiceId,
        };
        await put(subscriptionId, 'subscription', sub);
      }
      const receipt = `${opts.appUrl}/api/subs/test-checkout/invoices/${invoiceId}`;
      const invoice: InvoiceInfo = {
        id: invoiceId,
        customerId: s.customerId,
        subscriptionId,
        userId: s.userId,
        status: 'paid',
        amountPaid: amount,
        created: seconds(now),
        paidAt: seconds(now),
        hostedInvoiceUrl: receipt,
        invoicePdf: `${receipt}?download=1`,
        paymentIntentId: pi,
      };
      await put(invoiceId, 'invoice', invoice);
      await put(chargeId, 'charge', { id: chargeId, paymentIntentId: pi, amount, amountRefunded: 0 } satisfies ChargeInfo);
      await put(`ch_for_${pi}`, 'charge-index', { chargeId });
      const done: LocalSession = { ...s, status: 'complete', paid: true, subscriptionId, invoiceId, paymentIntentId: pi };
      await put(key, 'session', done);
      return done;
    },

    async expireCheckout(key) {
      await provider.cancelCheckout(key);
      return provider.retrieveCheckout(key);
    },

    async cancelCheckout(key) {
      const s = await get<LocalSession>(key, 'session');
      if (!s) return null;
      if (s.status === 'open') await put(key, 'session', { ...s, status: 'expired' });
      return s;
    },
  };
  return provider;
}

export interface LocalPaymentProvider extends PaymentProvider {
  readonly kind: 'local';
  /** The session with its redirect URLs, for the test checkout page. */
  describe(id: string): Promise<(CheckoutInfo & { successUrl: string; cancelUrl: string }) | null>;
  /** "Pay": completes the session and records the subscription, invoice and charge. */
  pay(id: string): Promise<CheckoutInfo & { successUrl: string; cancelUrl: string }>;
  cancelCheckout(id: string): Promise<(CheckoutInfo & { cancelUrl: string }) | null>;
}
