import { addMonths } from 'date-fns';
import type { Db } from '../../db/client';
import { getObject, localId, localInvoice, putObject, seconds } from './local-objects';
import type { ChargeInfo, InvoiceInfo, SubscriptionInfo } from './types';

const RETRY_DAYS = 3;

/**
 * The local test checkout's stand-in for Stripe billing a subscription's next period: paid, or
 * declined (the invoice stays open, the subscription goes past_due, a retry is planned in three
 * days). Paying while a declined invoice is open pays that invoice, as Stripe's retry would.
 */
export async function renewLocal(
  db: Db,
  input: { subscriptionId: string; outcome: 'paid' | 'failed'; now: Date; appUrl: string },
): Promise<{ subscription: SubscriptionInfo; invoice: InvoiceInfo } | null> {
  const { subscriptionId, outcome, now, appUrl } = input;
  const sub = await getObject<SubscriptionInfo>(db, subscriptionId, 'subscription');
  if (!sub) return null;
  const latest = sub.latestInvoiceId ? localInvoice(await getObject<InvoiceInfo>(db, sub.latestInvoiceId, 'invoice')) : null;
  const retrying = latest?.status === 'open' ? latest : null;
  const amount = sub.unitAmount * sub.quantity;
  const start = sub.currentPeriodEnd ? new Date(sub.currentPeriodEnd * 1000) : now;
  const id = retrying?.id ?? localId('in');
  const receipt = `${appUrl}/api/subs/test-checkout/invoices/${id}`;
  let invoice: InvoiceInfo = retrying ?? {
    id,
    customerId: sub.customerId,
    subscriptionId,
    userId: sub.userId,
    status: 'open',
    amountPaid: 0,
    amountDue: amount,
    attempted: true,
    nextPaymentAttempt: null,
    created: seconds(now),
    paidAt: null,
    hostedInvoiceUrl: receipt,
    invoicePdf: `${receipt}?download=1`,
    paymentIntentId: null,
  };
  if (outcome === 'paid') {
    const pi = localId('pi');
    const chargeId = localId('ch');
    const charge: ChargeInfo = { id: chargeId, paymentIntentId: pi, invoiceId: id, amount, amountRefunded: 0 };
    await putObject(db, chargeId, 'charge', charge);
    await putObject(db, `ch_for_${pi}`, 'charge-index', { chargeId });
    invoice = {
      ...invoice,
      status: 'paid',
      amountPaid: amount,
      paidAt: seconds(now),
      paymentIntentId: pi,
      nextPaymentAttempt: null,
    };
  } else {
    invoice = { ...invoice, nextPaymentAttempt: seconds(now) + RETRY_DAYS * 86_400 };
  }
  await putObject(db, id, 'invoice', invoice);
  const period = retrying
    ? {}
    : { currentPeriodStart: seconds(start), currentPeriodEnd: seconds(addMonths(start, 1)), latestInvoiceId: id };
  const next: SubscriptionInfo = { ...sub, ...period, status: outcome === 'paid' ? 'active' : 'past_due' };
  await putObject(db, subscriptionId, 'subscription', next);
  return { subscription: next, invoice };
}
