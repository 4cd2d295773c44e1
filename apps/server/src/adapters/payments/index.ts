import type { Db } from '../../db/client';
import type { AppConfig } from '../../env';
import { localPayments } from './local';
import { stripePayments } from './stripe';
import type { PaymentProvider } from './types';

export * from './types';
export { localPayments, LOCAL_PRICES, type LocalPaymentProvider } from './local';
export { stripePayments } from './stripe';

/** Stripe when a secret key is set; otherwise the local test checkout (product.md#running). */
export function paymentsFromConfig(config: AppConfig, db: Db, clock: () => Date): PaymentProvider {
  if (config.STRIPE_SECRET_KEY) {
    return stripePayments({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      prices: { pro: config.STRIPE_PRICE_PRO, lifetime: config.STRIPE_PRICE_LIFETIME },
      apiBase: config.STRIPE_API_BASE,
    });
  }
  return localPayments(db, { appUrl: config.appUrl, clock });
}
