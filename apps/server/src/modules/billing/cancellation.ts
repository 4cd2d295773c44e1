import type { CancelSubscriptionResponse } from '@roundup/shared';
import type { ChargeInfo, PaymentProvider } from '../../adapters/payments';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../http/app-error';
import type { Principal } from '../../http/auth';
import type { BillingCore } from './apply';
import { fromSecs } from './apply-plan';
import { longDate, money, stateLine } from './notices';
import { billingRepo, type InvoiceRow, type MembershipRow } from './repo';
import { cancelDecisionFor, membershipAccess, type FirstPayment } from './rules';

export const firstPayment = (i: InvoiceRow | undefined): FirstPayment | null =>
  i ? { paidAt: i.paidAt ?? i.createdAt, membershipId: i.membershipId, refundedAt: i.refundedAt } : null;

/** The membership the tab talks about: the one giving access (lifetime first), else the newest. */
export function currentMembership(ms: readonly MembershipRow[]): MembershipRow | undefined {
  const kept = ms.filter((m) => !m.supersededAt);
  return (
    kept.find((m) => membershipAccess(m) === 'lifetime') ??
    kept.find((m) => membershipAccess(m) === 'pro') ??
    ms.find((m) => membershipAccess(m) === 'lifetime') ??
    ms.find((m) => membershipAccess(m) === 'pro') ??
    ms[0]
  );
}

/**
 * Cancelling (product.md#screens): within 7 days of the first purchase, cancel now and refund it; later,
 * cancel at period end. The message ends with the member's real state afterwards.
 */
export function cancellation(ctx: AppContext, payments: PaymentProvider, core: BillingCore) {
  const { clock } = ctx;
  const { repo, apply } = core;

  return async function cancel(principal: Principal, subscriptionId?: string | null): Promise<CancelSubscriptionResponse> {
    const userId = principal.user.id;
    const now = clock();
    const ms = await repo.membershipsOf(userId);
    if (subscriptionId && !ms.some((m) => m.id === subscriptionId)) throw notFound('Subscription not found');
    const m = subscriptionId ? ms.find((x) => x.id === subscriptionId) : currentMembership(ms);
    if (!m || m.status !== 'active' || membershipAccess(m) === 'starter' || m.supersededAt)
      throw badRequest('There is no active membership to cancel.');
    const first = await repo.firstPaidInvoice(userId);
    const decision = cancelDecisionFor(firstPayment(first), m.id, now);
    const after = () => stateLine(repo, userId);

    if (m.level === 'lifetime') {
      if (decision !== 'refund')
        throw badRequest('Lifetime access does not lapse. A full refund is only available within 7 days of purchase.');
      const inv = await repo.invoiceByPaymentIntent(m.id);
      const refund = await payments.refund(m.id);
      await apply({
        subscriptions: [],
        invoices: [],
        charge: await core.chargeAfterRefund(m.id, inv?.amountRefunded ?? 0, refund),
      });
      return {
        outcome: 'refunded',
        refundAmount: refund.amount,
        accessUntil: null,
        msg: `Your lifetime membership was cancelled and ${money(refund.amount)} was refunded in full. ${await after()}`,
      };
    }

    if (decision === 'refund') {
      const sub = await payments.cancelSubscription(m.id, { atPeriodEnd: false });
      let charge: ChargeInfo | null = null;
      let amount = 0;
      if (first?.paymentIntentId) {
        const refund = await payments.refund(first.paymentIntentId);
        amount = refund.amount;
        charge = await core.chargeAfterRefund(first.paymentIntentId, first.amountRefunded, refund);
      }
      await apply({ subscriptions: [sub], invoices: [], charge });
      await repo.transaction(async (tx) => {
        const r = billingRepo(tx);
        await r.lockUser(userId);
        await r.markMembershipRefunded(m.id, now);
        await core.recompute(r, userId, now);
      });
      return {
        outcome: 'refunded',
        refundAmount: amount,
        accessUntil: null,
        msg: `${amount > 0 ? `Your membership was cancelled and your payment of ${money(amount)} was refunded in full.` : 'Your membership was cancelled.'} ${await after()}`,
      };
    }

    const sub = m.cancelAtPeriodEnd
      ? await payments.retrieveSubscription(m.id)
      : await payments.cancelSubscription(m.id, { atPeriodEnd: true });
    if (sub) await apply({ subscriptions: [sub], invoices: [] });
    const end = fromSecs(sub?.currentPeriodEnd ?? null) ?? m.currentPeriodEnd;
    return {
      outcome: 'scheduled',
      refundAmount: 0,
      accessUntil: end ? end.toISOString() : null,
      msg: `${end ? `Your membership is cancelled and will end on ${longDate(end)}.` : 'Your membership is cancelled and will end at the close of the current billing period.'} ${await after()}`,
    };
  };
}
