import type { Db } from '../../db/client';
import { commissionLedger } from '../affiliates/service';
import type { Plan } from './gather';
import { recordNotices, type BillingEvent, type TellPaymentFailed } from './notices';
import { billingRepo } from './repo';
import type { ApplyDeps, Unit } from './apply-types';
import { writeRefund } from './apply-refund';
import { flagStore } from './flags-repo';
import { LIVE_STATUSES } from './rules';

export const secs = (d: Date) => Math.floor(d.getTime() / 1000);
export const fromSecs = (s: number | null | undefined) => (s == null ? null : new Date(s * 1000));
export const GIVES_ACCESS = LIVE_STATUSES;
export type { ApplyDeps, Unit } from './apply-types';

/**
 * Writes what the provider said (decision 009), in the caller's transaction: memberships, a lifetime
 * purchase, invoices and commissions, refunds; then each member's surplus plans, access and notices.
 * Returns the members it changed.
 */
export async function applyPlan(deps: ApplyDeps, tx: Db, plan: Plan, now: Date): Promise<Set<string>> {
  const r = billingRepo(tx);
  const affected = new Set<string>();
  const events = new Map<string, BillingEvent[]>();
  const u: Unit = {
    deps,
    r,
    db: tx,
    ledger: commissionLedger(tx),
    plan,
    now,
    affected,
    async touch(userId) {
      if (!affected.has(userId)) await r.lockUser(userId);
      affected.add(userId);
    },
    emit: (userId, e) => events.set(userId, [...(events.get(userId) ?? []), e]),
    foreign: new Set(),
  };
  await writeSubscriptions(u);
  const lifetimeId = await writeLifetimePurchase(u);
  await writeInvoices(u, lifetimeId);
  await writeRefund(u);
  for (const id of plan.settled ?? []) {
    const m = await r.membership(id);
    if (m) await u.touch(m.userId);
  }
  for (const userId of affected) {
    await deps.sync.claimSurplus(r, userId, now);
    await deps.sync.recompute(r, userId, now);
    const tell: TellPaymentFailed = (id, payload) => deps.tellPaymentFailed(tx, id, payload);
    await recordNotices(r, userId, events.get(userId) ?? [], { now, appUrl: deps.appUrl, tell });
  }
  return affected;
}

/** The member a provider object belongs to, locked; null (and a warning) when it names nobody we know. */
async function lockedMember(
  u: Unit,
  what: 'subscription' | 'invoice',
  hints: Parameters<ApplyDeps['sync']['resolveUser']>[1] & { objectId: string },
): Promise<string | null> {
  const userId = await u.deps.sync.resolveUser(u.r, hints);
  if (!userId) {
    u.deps.log.warn({ [`${what}Id`]: hints.objectId }, `${what} for an unknown user ignored`);
    return null;
  }
  await u.touch(userId);
  return userId;
}

async function writeSubscriptions(u: Unit) {
  const co = u.plan.checkout;
  for (const sub of u.plan.subscriptions) {
    const userId = await lockedMember(u, 'subscription', {
      userId: sub.userId,
      customerId: sub.customerId,
      subscriptionId: sub.id,
      sessionId: co?.subscriptionId === sub.id ? co.id : null,
      objectId: sub.id,
    });
    if (!userId) continue;
    if (sub.priceId !== u.deps.prices.pro) {
      await flagForeignPrice(u, { userId, objectId: sub.id, priceId: sub.priceId, what: 'subscription' });
      continue;
    }
    const prev = await u.r.membership(sub.id);
    // A live subscription that an old refund rule had marked refunded: Stripe still bills it, so it counts again.
    if (prev?.refundedAt && !prev.supersededAt && GIVES_ACCESS.has(sub.status)) await u.r.clearMembershipRefund(sub.id);
    await u.r.upsertMembership({
      id: sub.id,
      userId,
      provider: u.deps.provider,
      level: 'pro',
      status: sub.status,
      customerId: sub.customerId,
      priceId: sub.priceId,
      unitAmount: sub.unitAmount,
      quantity: sub.quantity,
      currentPeriodStart: fromSecs(sub.currentPeriodStart),
      currentPeriodEnd: fromSecs(sub.currentPeriodEnd),
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      createdAt: fromSecs(sub.created) ?? u.now,
    });
    if (sub.cancelAtPeriodEnd && GIVES_ACCESS.has(sub.status) && !prev?.cancelAtPeriodEnd)
      u.emit(userId, { kind: 'cancel-scheduled', membershipId: sub.id });
    if (prev && GIVES_ACCESS.has(prev.status) && !GIVES_ACCESS.has(sub.status))
      u.emit(userId, { kind: 'ended', membershipId: sub.id });
  }
}

/** A paid one-time checkout becomes a lifetime membership (and its receipt, when the provider made no invoice). */
async function writeLifetimePurchase(u: Unit): Promise<string | null> {
  const co = u.plan.checkout;
  if (!co || co.status !== 'complete' || !co.paid) return null;
  const userId = await u.deps.sync.resolveUser(u.r, { sessionId: co.id, customerId: co.customerId, userId: co.userId });
  if (!userId) return null;
  await u.touch(userId);
  await u.r.completeSession(co.id, u.now);
  if (co.mode !== 'payment' || !co.paymentIntentId) return null;
  if (co.priceId !== u.deps.prices.lifetime) {
    await flagForeignPrice(u, { userId, objectId: co.id, priceId: co.priceId, what: 'one-time payment' });
    if (co.invoiceId) u.foreign.add(co.invoiceId);
    return null;
  }
  const lifetimeId = co.paymentIntentId;
  await u.r.insertLifetime({
    id: lifetimeId,
    userId,
    provider: u.deps.provider,
    level: 'lifetime',
    status: 'active',
    customerId: co.customerId,
    unitAmount: co.amountTotal ?? 0,
    createdAt: u.now,
  });
  if (!co.invoiceId && (co.amountTotal ?? 0) > 0) {
    u.plan.invoices.push({
      id: co.paymentIntentId,
      customerId: co.customerId,
      subscriptionId: null,
      userId,
      status: 'paid',
      amountPaid: co.amountTotal ?? 0,
      created: secs(u.now),
      paidAt: secs(u.now),
      hostedInvoiceUrl: null,
      invoicePdf: null,
      paymentIntentId: co.paymentIntentId,
      amountDue: co.amountTotal ?? 0,
      attempted: true,
      nextPaymentAttempt: null,
    });
  }
  return lifetimeId;
}

/** A payment for a price that is not ours grants nothing; admins see who paid for what. */
async function flagForeignPrice(
  u: Unit,
  f: { userId: string; objectId: string; priceId: string | null; what: 'subscription' | 'one-time payment' },
) {
  u.foreign.add(f.objectId);
  u.deps.log.warn({ userId: f.userId, objectId: f.objectId, priceId: f.priceId }, 'payment for a price that is not ours');
  await flagStore(u.db).raise({
    id: `foreign-price:${f.objectId}`,
    kind: 'foreign-price',
    userId: f.userId,
    objectId: f.objectId,
    priceId: f.priceId,
    detail: `A ${f.what} for price ${f.priceId ?? '(none)'}, which is not a RoundUp price: it gave no access.`,
    now: u.now,
  });
}

async function writeInvoices(u: Unit, lifetimeId: string | null) {
  const co = u.plan.checkout;
  for (const inv of u.plan.invoices) {
    if (u.foreign.has(inv.id) || (inv.subscriptionId && u.foreign.has(inv.subscriptionId))) continue;
    const userId = await lockedMember(u, 'invoice', {
      userId: inv.userId,
      customerId: inv.customerId,
      subscriptionId: inv.subscriptionId,
      sessionId: co?.invoiceId === inv.id ? co.id : null,
      objectId: inv.id,
    });
    if (!userId) continue;
    const membershipId =
      inv.subscriptionId ??
      (co?.invoiceId === inv.id || co?.paymentIntentId === inv.id ? lifetimeId : null) ??
      inv.paymentIntentId;
    await u.r.upsertInvoice({
      id: inv.id,
      userId,
      membershipId,
      provider: u.deps.provider,
      status: inv.status,
      amountPaid: inv.amountPaid,
      paymentIntentId: inv.paymentIntentId,
      hostedInvoiceUrl: inv.hostedInvoiceUrl,
      invoicePdf: inv.invoicePdf,
      createdAt: fromSecs(inv.created) ?? u.now,
      paidAt: fromSecs(inv.paidAt),
      amountDue: inv.amountDue,
      nextPaymentAttempt: fromSecs(inv.nextPaymentAttempt),
      paymentFailedAt: failed(inv) ? u.now : null,
    });
    if (failed(inv)) u.emit(userId, { kind: 'payment-failed', invoiceId: inv.id });
    if (inv.status === 'paid' && inv.amountPaid > 0) {
      const row = await u.r.invoice(inv.id);
      await u.ledger.credit({
        referredUserId: userId,
        invoiceId: inv.id,
        amountPaidCents: inv.amountPaid,
        refunded: Boolean(row?.refundedAt),
      });
      u.emit(userId, { kind: 'paid', invoiceId: inv.id });
    }
  }
}

/** A renewal Stripe tried to collect and could not: the invoice is still open after an attempt. */
const failed = (inv: { status: string; attempted: boolean; amountDue: number }) =>
  inv.status === 'open' && inv.attempted && inv.amountDue > 0;
