import type { Db } from '../../db/client';
import {
  LOCAL_PRICES,
  claimSession,
  getObject,
  localCharge,
  localId,
  localInvoice,
  listObjects,
  newSession,
  putObject,
  recordPayment,
  refundLocal,
  seconds,
  type LocalSession,
} from './local-objects';
import { renewLocal } from './local-renewal';
import type { ChargeInfo, CheckoutInfo, InvoiceInfo, PaymentProvider, SubscriptionInfo } from './types';
import { WebhookSignatureError } from './types';

export { LOCAL_PRICES } from './local-objects';

/**
 * The local test checkout: a provider of our own that charges nothing. It keeps sessions,
 * subscriptions, invoices and charges as records (local-objects.ts) so every billing flow works with no keys.
 */
export function localPayments(db: Db, opts: { appUrl: string; clock: () => Date }): LocalPaymentProvider {
  const get = <T>(key: string, kind: string) => getObject<T>(db, key, kind);
  const put = (key: string, kind: string, data: object) => putObject(db, key, kind, data);

  const provider: LocalPaymentProvider = {
    kind: 'local',
    priceFor: (level) => LOCAL_PRICES[level].id,
    priceOf: async (level) => ({
      amount: LOCAL_PRICES[level].amount,
      currency: 'usd',
      interval: level === 'pro' ? 'month' : null,
    }),

    async createCustomer() {
      return localId('cus');
    },

    async createCheckout(input) {
      const session = newSession(opts.appUrl, input);
      await put(session.id, 'session', session);
      return { id: session.id, url: session.url! };
    },

    async retrieveCheckout(key) {
      const s = await get<LocalSession>(key, 'session');
      if (!s) return null;
      const { successUrl: _s, cancelUrl: _c, ...info } = s;
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
    retrieveInvoice: async (key) => localInvoice(await get<InvoiceInfo>(key, 'invoice')),
    retrieveCharge: async (key) => localCharge(await get<ChargeInfo>(key, 'charge')),

    async cancelSubscription(key, { atPeriodEnd }) {
      const sub = await get<SubscriptionInfo>(key, 'subscription');
      if (!sub) throw new Error(`No such subscription: ${key}`);
      const next: SubscriptionInfo = atPeriodEnd
        ? { ...sub, cancelAtPeriodEnd: true }
        : { ...sub, status: 'canceled', cancelAtPeriodEnd: false };
      await put(key, 'subscription', next);
      return next;
    },

    refund: (paymentIntentId, refundOpts = {}) => refundLocal(db, paymentIntentId, refundOpts),

    async listLiveSubscriptions() {
      const subs = await listObjects<SubscriptionInfo>(db, 'subscription');
      return subs.filter((sub) => ['active', 'trialing', 'past_due'].includes(sub.status));
    },

    // No card is kept here: the member's own Subscription tab stands in for Stripe's billing portal.
    portalUrl: async () => `${opts.appUrl}/settings/subscription`,

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
      if (!(await claimSession(db, key))) return (await get<LocalSession>(key, 'session'))!;
      return recordPayment(db, s, { appUrl: opts.appUrl, now: opts.clock() });
    },

    async expireCheckout(key) {
      await provider.cancelCheckout(key);
      return provider.retrieveCheckout(key);
    },

    renew: (subscriptionId, outcome) => renewLocal(db, { subscriptionId, outcome, now: opts.clock(), appUrl: opts.appUrl }),

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
  /** Bills the subscription's next period now: paid, or declined (see local-renewal.ts). */
  renew(subscriptionId: string, outcome: 'paid' | 'failed'): ReturnType<typeof renewLocal>;
}
