import { randomBytes } from 'node:crypto';
import { addMonths } from 'date-fns';
import { and, eq, sql } from 'drizzle-orm';
import { LIMITS } from '@roundup/shared/domain';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import type { ChargeInfo, CheckoutInfo, InvoiceInfo, Level, PaymentProvider, SubscriptionInfo } from './types';

/** The local test checkout's records (local.ts): sessions, subscriptions, invoices and charges, kept by id and kind. */

/** Prices of the local test checkout, in cents. */
export const LOCAL_PRICES: Record<Level, { id: string; amount: number }> = {
  pro: { id: 'price_local_pro', amount: LIMITS.proMonthlyUsd * 100 },
  lifetime: { id: 'price_local_lifetime', amount: LIMITS.lifetimeUsd * 100 },
};

export interface LocalSession extends CheckoutInfo {
  successUrl: string;
  cancelUrl: string;
  priceId: string;
}

/** Records written before invoices carried their due amount and retries, and charges their invoice, read as today's. */
export const localInvoice = (inv: InvoiceInfo | null): InvoiceInfo | null =>
  inv &&
  ({
    amountDue: inv.amountPaid,
    attempted: inv.status === 'paid',
    nextPaymentAttempt: null,
    ...(inv as Partial<InvoiceInfo>),
  } as InvoiceInfo);
export const localCharge = (c: ChargeInfo | null): ChargeInfo | null =>
  c && ({ invoiceId: null, ...(c as Partial<ChargeInfo>) } as ChargeInfo);

export const localId = (prefix: string) => `${prefix}_local_${randomBytes(18).toString('base64url')}`;
export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

const t = schema.localPaymentObjects;

/** One record of a kind, or null (none, or of another kind). */
export async function getObject<T>(db: Db, key: string, kind: string): Promise<T | null> {
  const [row] = await db.select().from(t).where(eq(t.id, key)).limit(1);
  return row && row.kind === kind ? (row.data as T) : null;
}

export async function listObjects<T>(db: Db, kind: string): Promise<T[]> {
  const rows = await db.select().from(t).where(eq(t.kind, kind));
  return rows.map((r) => r.data as T);
}

export async function putObject(db: Db, key: string, kind: string, data: object) {
  await db.insert(t).values({ id: key, kind, data }).onConflictDoUpdate({ target: t.id, set: { data } });
}

/** A new open session for the test checkout page at `appUrl`. */
export function newSession(appUrl: string, input: Parameters<PaymentProvider['createCheckout']>[0]): LocalSession {
  const sid = localId('cs');
  return {
    id: sid,
    url: `${appUrl}/checkout/test/${sid}`,
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
}

/** Refunds (part of) a payment's charge; like Stripe's idempotency key, the same key answers the same refund. */
export async function refundLocal(
  db: Db,
  paymentIntentId: string,
  refundOpts: NonNullable<Parameters<PaymentProvider['refund']>[1]>,
): Promise<{ id: string; amount: number; chargeId: string | null }> {
  const keyId = `re_key_${refundOpts.key ?? `refund-${paymentIntentId}`}`;
  const earlier = await getObject<{ id: string; amount: number; chargeId: string | null }>(db, keyId, 'refund-key');
  if (earlier) return earlier;
  const [row] = await db
    .select()
    .from(t)
    .where(eq(t.id, `ch_for_${paymentIntentId}`))
    .limit(1);
  const chargeId = row ? (row.data as { chargeId: string }).chargeId : null;
  const charge = chargeId ? await getObject<ChargeInfo>(db, chargeId, 'charge') : null;
  if (!charge) throw new Error(`No charge for ${paymentIntentId}`);
  const left = charge.amount - charge.amountRefunded;
  const amount = Math.min(left, refundOpts.amount ?? left);
  await putObject(db, charge.id, 'charge', { ...charge, amountRefunded: charge.amountRefunded + amount });
  const refundId = localId('re');
  await putObject(db, refundId, 'refund', { id: refundId, paymentIntentId, chargeId: charge.id, amount });
  await putObject(db, keyId, 'refund-key', { id: refundId, amount, chargeId: charge.id });
  return { id: refundId, amount, chargeId: charge.id };
}

/** Like Stripe, a session is paid once: of two "Pay" clicks at once, only one claims it (true). */
export async function claimSession(db: Db, key: string): Promise<boolean> {
  const claimed = await db
    .update(t)
    .set({ data: sql`jsonb_set(${t.data}, '{status}', '"complete"')` })
    .where(and(eq(t.id, key), sql`${t.data}->>'status' = 'open'`))
    .returning({ id: t.id });
  return claimed.length > 0;
}

/** A claimed session's payment: the Pro subscription, the invoice and the charge, and the session completed. */
export async function recordPayment(db: Db, s: LocalSession, opts: { appUrl: string; now: Date }): Promise<LocalSession> {
  const { now } = opts;
  const level = s.level ?? 'pro';
  const amount = LOCAL_PRICES[level].amount;
  const pi = localId('pi');
  const chargeId = localId('ch');
  const invoiceId = localId('in');
  let subscriptionId: string | null = null;
  if (level === 'pro') {
    subscriptionId = localId('sub');
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
    await putObject(db, subscriptionId, 'subscription', sub);
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
    amountDue: amount,
    attempted: true,
    nextPaymentAttempt: null,
  };
  await putObject(db, invoiceId, 'invoice', invoice);
  await putObject(db, chargeId, 'charge', {
    id: chargeId,
    paymentIntentId: pi,
    invoiceId,
    amount,
    amountRefunded: 0,
  } satisfies ChargeInfo);
  await putObject(db, `ch_for_${pi}`, 'charge-index', { chargeId });
  const done: LocalSession = { ...s, status: 'complete', paid: true, subscriptionId, invoiceId, paymentIntentId: pi };
  await putObject(db, s.id, 'session', done);
  return done;
}
