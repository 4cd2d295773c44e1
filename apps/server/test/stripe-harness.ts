import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Database } from '../src/db/client';
import type { AppConfig } from '../src/env';
import { startFakeStripe } from './fake-stripe';
import { call, createTestApp } from './helpers';

/** What the Stripe integration tests share: the app's Stripe settings against the stand-in, signed webhooks, mail. */
export const WEBHOOK_SECRET = 'whsec_test_secret_for_roundup';
const signer = new Stripe('sk_test_signer');

export const stripeConfig = (apiBase: string): Partial<AppConfig> => ({
  STRIPE_SECRET_KEY: 'sk_test_roundup',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_PRO: 'price_pro',
  STRIPE_PRICE_LIFETIME: 'price_life',
  STRIPE_API_BASE: apiBase,
  RATE_LIMIT_SCALE: 20,
});

/** Posts an event to the webhook as Stripe does: signed over the raw body (or with the signature given). */
export function deliverEvent(
  app: FastifyInstance,
  event: object,
  opts: { secret?: string; timestamp?: number; signature?: string } = {},
) {
  const payload = JSON.stringify(event);
  const header =
    opts.signature ??
    signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET, timestamp: opts.timestamp });
  return app.inject({
    method: 'POST',
    url: '/api/subs/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

/** A tampered body under a signature made for the original one. */
export const signatureFor = (event: object) =>
  signer.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: WEBHOOK_SECRET });

export async function meOf(app: FastifyInstance, token: string) {
  return (await call(app, 'GET', '/api/auth/me', { token })).body.data.user;
}

/** The emails a member got, oldest first (the outbox mailer writes every message to the outbox table). */
export async function mailsTo(database: Database, email: string) {
  const { rows } = await database.query<{ subject: string; body: string }>(
    'select subject, body from outbox where recipient = $1 order by created_at, id',
    [email],
  );
  return rows;
}

/** The app on a fresh database, paying through a fresh Stripe stand-in; `close` ends both. `deps` replace the outbox adapters or add settings. */
export async function startStripeApp(clock: () => Date, deps: Omit<Parameters<typeof createTestApp>[0] & object, 'clock'> = {}) {
  const fake = await startFakeStripe();
  const t = await createTestApp({ ...deps, clock, config: { ...stripeConfig(fake.url), ...deps.config } });
  return { t, fake, close: async () => (await t.close(), await fake.close()) };
}
