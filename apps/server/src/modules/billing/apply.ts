import type { ChargeInfo, PaymentProvider } from '../../adapters/payments';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { providerReader, type Plan } from './gather';
import { applyPlan, GIVES_ACCESS, type ApplyDeps } from './apply-plan';
import { noticeSender } from './notices';
import { billingRepo } from './repo';
import { memberSync } from './member-sync';
import { recordAudit } from '../audit/service';
import type { NotificationsService } from '../notifications/service';

/** What billing uses of the notifications module: a member's own account notice, in a transaction. */
export type MemberNotices = Pick<NotificationsService, 'raiseMemberNotice'>;

/** Keyed by the invoice: a replayed webhook, a second failed attempt or a second worker tells nothing new. */
const paymentFailedTeller =
  (notices: MemberNotices): ApplyDeps['tellPaymentFailed'] =>
  (tx, userId, payload) =>
    notices.raiseMemberNotice({
      tx,
      key: `payment-failed:${payload.invoiceId}`,
      kind: 'paymentFailed',
      userId,
      payload: { ...payload },
    });

/**
 * The billing state machine (decision 009): writes what the provider said (apply-plan.ts), under
 * the member's row lock, keeps one paid plan per member, records receipts; after commit, cancels and
 * refunds what was superseded and emails the receipts.
 */
export function billingCore(ctx: AppContext, payments: PaymentProvider, notices: MemberNotices) {
  const { database, clock, log } = ctx;
  const repo = billingRepo(database.db);
  const reader = providerReader(payments);
  const dispatch = noticeSender(ctx, repo);
  const sync = memberSync(ctx);
  const prices = { pro: payments.priceFor('pro'), lifetime: payments.priceFor('lifetime') };
  const tellPaymentFailed = paymentFailedTeller(notices);
  const applyIn = (tx: Db, plan: Plan, now: Date) =>
    applyPlan({ provider: payments.kind, log, sync, prices, appUrl: ctx.config.appUrl, tellPaymentFailed }, tx, plan, now);

  /** Cancels and refunds, at the provider, the plans superseded for these members; then records it. */
  async function settle(userIds: Iterable<string>) {
    for (const userId of userIds) {
      for (const m of await repo.unsettledOf(userId)) {
        if (!(await repo.claimSettlement(m.id, clock()))) continue;
        try {
          if (m.supersededReason === 'refunded' && (await renewedSinceRefund(m.id))) continue;
          const plan: Plan = { subscriptions: [], invoices: [], settled: [m.id] };
          if (m.level === 'pro') {
            const current = await payments.retrieveSubscription(m.id);
            const sub =
              current && GIVES_ACCESS.has(current.status)
                ? await payments.cancelSubscription(m.id, { atPeriodEnd: false })
                : current;
            if (sub) plan.subscriptions.push(sub);
          }
          const inv = await repo.latestPaidInvoiceOf(m.id);
          if ((m.refundDue ?? 0) > 0 && inv?.paymentIntentId) {
            const refund = await payments.refund(inv.paymentIntentId, { amount: m.refundDue!, key: `supersede-${m.id}` });
            plan.charge = await chargeAfterRefund(inv.paymentIntentId, inv.amountRefunded, refund);
          }
          const now = clock();
          await repo.transaction(async (tx) => {
            await applyIn(tx, plan, now);
            if (m.supersededReason === 'refunded')
              await recordAudit(tx, {
                actorId: null,
                action: 'billing.cancel-after-refund',
                targetType: 'subscription',
                targetId: m.id,
                details: { userId, reason: 'latest invoice refunded in full' },
              });
          });
        } catch (err) {
          await repo.releaseSettlement(m.id);
          log.error({ err, userId, membershipId: m.id }, 'superseded plan not settled; will retry');
        }
      }
    }
  }

  /**
   * A plan marked for cancellation by a full refund whose subscription has been paid again since
   * (a later renewal): it stays, unmarked. Otherwise false, and it is cancelled.
   */
  async function renewedSinceRefund(membershipId: string): Promise<boolean> {
    const inv = await repo.latestPaidInvoiceOf(membershipId);
    if (!inv || inv.amountRefunded < inv.amountPaid) {
      await repo.unsupersede(membershipId);
      log.info({ membershipId }, 'renewed after a full refund: the subscription stays');
      return true;
    }
    return false;
  }

  /** The charge as it stands after a refund (the provider's cumulative figure when it has one). */
  async function chargeAfterRefund(
    paymentIntentId: string,
    refundedBefore: number,
    refund: { id: string; amount: number; chargeId?: string | null },
  ): Promise<ChargeInfo> {
    const charge = refund.chargeId ? await payments.retrieveCharge(refund.chargeId) : null;
    return (
      charge ?? {
        id: refund.id,
        paymentIntentId,
        invoiceId: null,
        amount: refund.amount,
        amountRefunded: refundedBefore + refund.amount,
      }
    );
  }

  /** Applies a plan in one transaction, then settles superseded plans and sends receipts. */
  async function apply(plan: Plan) {
    const now = clock();
    const affected = await repo.transaction((tx) => applyIn(tx, plan, now));
    await afterCommit(affected);
    return affected;
  }

  async function afterCommit(userIds: Iterable<string>) {
    const ids = [...userIds];
    await settle(ids);
    await dispatch(ids);
  }

  return { repo, ...reader, applyIn, apply, afterCommit, recompute: sync.recompute, chargeAfterRefund };
}
export type BillingCore = ReturnType<typeof billingCore>;
