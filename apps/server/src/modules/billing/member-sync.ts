import type { AppContext } from '../../context';
import type { BillingRepo } from './repo';
import { membershipAccess, proratedRefund, roleFor, surplusPlans, tierFor, userAccess } from './rules';

/**
 * A member's state from their memberships (decision 009): whose payment this is, the role and
 * tier it gives, and which second paid plan gets superseded. Runs inside the billing transaction,
 * under the member's row lock.
 */
export function memberSync(ctx: AppContext) {
  const { log } = ctx;

  async function resolveUser(
    r: BillingRepo,
    hints: { userId?: string | null; customerId?: string | null; sessionId?: string | null; subscriptionId?: string | null },
  ) {
    if (hints.sessionId) {
      const s = await r.session(hints.sessionId);
      if (s) return s.userId;
    }
    if (hints.customerId) {
      const id = await r.userIdByCustomer(hints.customerId);
      if (id) return id;
    }
    if (hints.subscriptionId) {
      const m = await r.membership(hints.subscriptionId);
      if (m) return m.userId;
    }
    if (hints.userId && /^[0-9a-f-]{36}$/i.test(hints.userId) && (await r.user(hints.userId))) return hints.userId;
    return null;
  }

  /** Keeps role and tier in sync with the user's memberships (an Admin's role never changes). */
  async function recompute(r: BillingRepo, userId: string, now: Date) {
    const user = await r.user(userId);
    if (!user) return;
    const ms = await r.membershipsOf(userId);
    const access = userAccess(ms);
    const role = roleFor(user.role, access, user.grantedRole);
    const subscriptionTier = tierFor(access);
    const granting = ms.filter((m) => membershipAccess(m) !== 'starter');
    const since = granting.length ? granting.reduce((a, m) => (m.createdAt < a ? m.createdAt : a), granting[0].createdAt) : null;
    const memberSince = access === 'starter' ? null : (user.memberSince ?? since ?? now);
    const latestPro = ms.find((m) => m.level === 'pro' && !m.supersededAt) ?? ms.find((m) => m.level === 'pro');
    const stripeSubscriptionId = latestPro?.id ?? user.stripeSubscriptionId;
    if (
      user.role !== role ||
      user.subscriptionTier !== subscriptionTier ||
      (user.memberSince?.getTime() ?? null) !== (memberSince?.getTime() ?? null) ||
      user.stripeSubscriptionId !== stripeSubscriptionId
    ) {
      await r.setUserMembership(userId, { role, subscriptionTier, memberSince, stripeSubscriptionId });
      ctx.sessions.invalidateUser(userId);
      log.info({ userId, role, subscriptionTier }, 'membership synced');
    }
  }

  /** Marks every plan beyond the one a member keeps, with what its replacement refunds. */
  async function claimSurplus(r: BillingRepo, userId: string, now: Date) {
    const ms = await r.membershipsOf(userId);
    const user = await r.user(userId);
    for (const s of surplusPlans(ms, user?.stripeSubscriptionId ?? null)) {
      const m = ms.find((x) => x.id === s.id)!;
      const inv = await r.latestPaidInvoiceOf(m.id);
      const left = inv ? inv.amountPaid - inv.amountRefunded : 0;
      const due =
        s.reason === 'duplicate'
          ? left
          : Math.min(
              left,
              proratedRefund({
                amountCents: inv?.amountPaid ?? 0,
                periodStart: m.currentPeriodStart,
                periodEnd: m.currentPeriodEnd,
                now,
              }).cents,
            );
      if (await r.supersede(m.id, { reason: s.reason, refundDue: Math.max(0, due), now }))
        log.warn({ userId, membershipId: m.id, reason: s.reason, refundDue: due }, 'second paid plan superseded');
    }
  }

  return { resolveUser, recompute, claimSurplus };
}
