import type { Unit } from './apply-types';
import { LIVE_STATUSES, refundEffect } from './rules';

/**
 * A refund, matched to its invoice by what Stripe always sends: the invoice Stripe lists for the
 * charge's payment intent, else our invoice paid by that payment intent. What it does to access is
 * refundEffect's (product.md#refunds): a partial refund changes nothing; a full refund of a
 * subscription's latest invoice marks the plan to be cancelled at Stripe (settled after commit);
 * a full Lifetime refund ends Lifetime.
 */
export async function writeRefund(u: Unit) {
  const ch = u.plan.charge;
  if (!ch || ch.amountRefunded <= 0) return;
  const inv =
    (ch.invoiceId ? await u.r.invoice(ch.invoiceId) : undefined) ??
    (ch.paymentIntentId ? await u.r.invoiceByPaymentIntent(ch.paymentIntentId) : undefined);
  if (inv) {
    await u.touch(inv.userId);
    if (!inv.paymentIntentId && ch.paymentIntentId) await u.r.setInvoicePaymentIntent(inv.id, ch.paymentIntentId);
    await u.r.markInvoiceRefunded(inv.id, ch.amountRefunded, u.now);
    await u.ledger.reverse(inv.id, u.now);
    if (ch.amountRefunded > inv.amountRefunded)
      u.emit(inv.userId, {
        kind: 'refund',
        invoiceId: inv.id,
        amount: ch.amountRefunded - inv.amountRefunded,
        total: ch.amountRefunded,
      });
  }
  const m = inv?.membershipId ? await u.r.membership(inv.membershipId) : undefined;
  const life = m?.level === 'lifetime' ? m : ch.paymentIntentId ? await u.r.membership(ch.paymentIntentId) : undefined;
  const plan = life ?? m;
  if (!plan) return;
  await u.touch(plan.userId);
  const sub = u.plan.subscriptions.find((s) => s.id === plan.id);
  const effect = refundEffect({
    level: plan.level,
    charged: ch.amount,
    refunded: ch.amountRefunded,
    latestInvoice: Boolean(inv && sub?.latestInvoiceId === inv.id),
    subscriptionLive: Boolean(sub && LIVE_STATUSES.has(sub.status)),
  });
  const latestInFull = Boolean(inv && sub?.latestInvoiceId === inv.id && ch.amountRefunded >= ch.amount);
  if (effect === 'end-lifetime') await u.r.markMembershipRefunded(plan.id, u.now, 'refunded');
  // A plan cancelled with its refund (the 7-day promise, a second plan we settled): the refund notice tells the end.
  else if (plan.level === 'pro' && (plan.supersededAt || latestInFull)) await u.r.markMembershipRefunded(plan.id, u.now);
  if (effect === 'cancel-subscription' && (await u.r.supersede(plan.id, { reason: 'refunded', refundDue: 0, now: u.now }))) {
    await u.r.markMembershipRefunded(plan.id, u.now);
    u.deps.log.warn({ userId: plan.userId, membershipId: plan.id }, 'latest invoice refunded in full: cancelling at Stripe');
  }
}
