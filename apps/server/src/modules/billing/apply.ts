import type { ChargeInfo, PaymentProvider } from '../../adapters/payments';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { commissionLedger } from '../affiliates/service';
import { providerReader, type Plan } from './gather';
import { noticeSender, recordNotices, type BillingEvent } from './notices';
import { billingRepo } from './repo';
import { memberSync } from './member-sync';

export const secs = (d: Date) => Math.floor(d.getTime() / 1000);
export const fromSecs = (s: number | null | undefined) => (s == null ? null : new Date(s * 1000));
const GIVES_ACCESS = new Set(['active', 'trialing', 'past_due']);

/**
 * The billing state machine (decision 009): writes what the provider said, under the member's
 * row lock, keeps one paid plan per member, records receipts; after commit, cancels and
 * refunds what was superseded and emails the receipts.
 */
export function billingCore(ctx: AppContext, payments: PaymentProvider) {
  const { database, clock, log } = ctx;
  const repo = billingRepo(database.db);
  const reader = providerReader(payments);
  const dispatch = noticeSender(ctx, repo);
  const { resolveUser, recompute, claimSurplus } = memberSync(ctx);

  async function applyIn(tx: Db, plan: Plan, now: Date): Promise<Set<string>> {
    const r = billingRepo(tx);
    const ledger = commissionLedger(tx);
    const affected = new Set<string>();
    const events = new Map<string, BillingEvent[]>();
    const emit = (userId: string, e: BillingEvent) => events.set(userId, [...(events.get(userId) ?? []), e]);
    /** Every write for a member happens under the lock on their row (two webhooks at once wait in turn). */
    const touch = async (userId: string) => {
      if (!affected.has(userId)) await r.lockUser(userId);
      affected.add(userId);
    };
    const co = plan.checkout;

    for (const sub of plan.subscriptions) {
      const userId = await resolveUser(r, {
        userId: sub.userId,
        customerId: sub.customerId,
        subscriptionId: sub.id,
        sessionId: co?.subscriptionId === sub.id ? co.id : null,
      });
      if (!userId) {
        log.warn({ subscriptionId: sub.id }, 'subscription for an unknown user ignored');
        continue;
      }
      await touch(userId);
      const prev = await r.membership(sub.id);
      await r.upsertMembership({
        id: sub.id,
        userId,
        provider: payments.kind,
        level: 'pro',
        status: sub.status,
        customerId: sub.customerId,
        priceId: sub.priceId,
        unitAmount: sub.unitAmount,
        quantity: sub.quantity,
        currentPeriodStart: fromSecs(sub.currentPeriodStart),
        currentPeriodEnd: fromSecs(sub.currentPeriodEnd),
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        createdAt: fromSecs(sub.created) ?? now,
      });
      if (sub.cancelAtPeriodEnd && GIVES_ACCESS.has(sub.status) && !prev?.cancelAtPeriodEnd)
        emit(userId, { kind: 'cancel-scheduled', membershipId: sub.id });
      if (prev && GIVES_ACCESS.has(prev.status) && !GIVES_ACCESS.has(sub.status))
        emit(userId, { kind: 'ended', membershipId: sub.id });
    }

    let lifetimeId: string | null = null;
    if (co && co.status === 'complete' && co.paid) {
      const userId = await resolveUser(r, { sessionId: co.id, customerId: co.customerId, userId: co.userId });
      if (userId) {
        await touch(userId);
        await r.completeSession(co.id, now);
        if (co.mode === 'payment' && co.paymentIntentId) {
          lifetimeId = co.paymentIntentId;
          await r.insertLifetime({
            id: lifetimeId,
            userId,
            provider: payments.kind,
            level: 'lifetime',
            status: 'active',
            customerId: co.customerId,
            unitAmount: co.amountTotal ?? 0,
            createdAt: now,
          });
          if (!co.invoiceId && (co.amountTotal ?? 0) > 0) {
            plan.invoices.push({
              id: co.paymentIntentId,
              customerId: co.customerId,
              subscriptionId: null,
              userId,
              status: 'paid',
              amountPaid: co.amountTotal ?? 0,
              created: secs(now),
              paidAt: secs(now),
              hostedInvoiceUrl: null,
              invoicePdf: null,
              paymentIntentId: co.paymentIntentId,
            });
          }
        }
      }
    }

    for (const inv of plan.invoices) {
      const userId = await resolveUser(r, {
        userId: inv.userId,
        customerId: inv.customerId,
        subscriptionId: inv.subscriptionId,
        sessionId: co?.invoiceId === inv.id ? co.id : null,
      });
      if (!userId) {
        log.warn({ invoiceId: inv.id }, 'invoice for an unknown user ignored');
        continue;
      }
      await touch(userId);
      const membershipId =
        inv.subscriptionId ??
        (co?.invoiceId === inv.id || co?.paymentIntentId === inv.id ? lifetimeId : null) ??
        inv.paymentIntentId;
      await r.upsertInvoice({
        id: inv.id,
        userId,
        membershipId,
        provider: payments.kind,
        status: inv.status,
        amountPaid: inv.amountPaid,
        paymentIntentId: inv.paymentIntentId,
        hostedInvoiceUrl: inv.hostedInvoiceUrl,
        invoicePdf: inv.invoicePdf,
        createdAt: fromSecs(inv.created) ?? now,
        paidAt: fromSecs(inv.paidAt),
      });
      if (inv.status === 'paid' && inv.amountPaid > 0) {
        const row = await r.invoice(inv.id);
        await ledger.credit({
          referredUserId: userId,
          invoiceId: inv.id,
          amountPaidCents: inv.amountPaid,
          refunded: Boolean(row?.refundedAt),
        });
        emit(userId, { kind: 'paid', invoiceId: inv.id });
      }
    }

    const ch = plan.charge;
    if (ch && ch.amountRefunded > 0 && ch.paymentIntentId) {
      const inv = await r.invoiceByPaymentIntent(ch.paymentIntentId);
      if (inv) {
        await touch(inv.userId);
        await r.markInvoiceRefunded(inv.id, ch.amountRefunded, now);
        await ledger.reverse(inv.id, now);
        if (inv.membershipId) await r.markMembershipRefunded(inv.membershipId, now);
        if (ch.amountRefunded > inv.amountRefunded)
          emit(inv.userId, {
            kind: 'refund',
            invoiceId: inv.id,
            amount: ch.amountRefunded - inv.amountRefunded,
            total: ch.amountRefunded,
          });
      }
      const life = await r.membership(ch.paymentIntentId);
      if (life) {
        await touch(life.userId);
        await r.markMembershipRefunded(life.id, now, 'refunded');
      }
    }

    for (const id of plan.settled ?? []) {
      const m = await r.membership(id);
      if (m) await touch(m.userId);
    }

    for (const userId of affected) {
      await claimSurplus(r, userId, now);
      await recompute(r, userId, now);
      await recordNotices(r, userId, events.get(userId) ?? [], now);
    }
    return affected;
  }

  /** Cancels and refunds, at the provider, the plans superseded for these members; then records it. */
  async function settle(userIds: Iterable<string>) {
    for (const userId of userIds) {
      for (const m of await repo.unsettledOf(userId)) {
        if (!(await repo.claimSettlement(m.id, clock()))) continue;
        try {
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
          await repo.transaction((tx) => applyIn(tx, plan, now));
        } catch (err) {
          await repo.releaseSettlement(m.id);
          log.error({ err, userId, membershipId: m.id }, 'superseded plan not settled; will retry');
        }
      }
    }
  }

  /** The charge as it stands after a refund (the provider's cumulative figure when it has one). */
  async function chargeAfterRefund(
    paymentIntentId: string,
    refundedBefore: number,
    refund: { id: string; amount: number; chargeId?: string | null },
  ): Promise<ChargeInfo> {
    const charge = refund.chargeId ? await payments.retrieveCharge(refund.chargeId) : null;
    return charge ?? { id: refund.id, paymentIntentId, amount: refund.amount, amountRefunded: refundedBefore + refund.amount };
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

  return { repo, ...reader, applyIn, apply, afterCommit, recompute, chargeAfterRefund };
}
export type BillingCore = ReturnType<typeof billingCore>;
