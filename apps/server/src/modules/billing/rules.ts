/** Pure billing rules (table-tested in rules.test.ts): who gets which access, refunds. */
import { LIMITS, type Role } from '@roundup/shared';

export type Level = 'pro' | 'lifetime';
export type Access = 'starter' | 'pro' | 'lifetime';

export const REFUND_WINDOW_DAYS = LIMITS.refundWindowDays;
const DAY_MS = 86_400_000;

export interface MembershipState {
  level: string;
  status: string;
  refundedAt: Date | null;
}

/**
 * The access one membership gives. Stripe keeps a subscription `active` until the end of the
 * paid period even when it is set to cancel then, and moves it to `canceled` (or `unpaid`
 * after failed retries) when that period ends, so the status alone decides; `past_due` keeps
 * access while the provider retries. A refunded payment ends access at once; lifetime never lapses.
 */
export function membershipAccess(m: MembershipState): Access {
  if (m.refundedAt) return 'starter';
  if (m.level === 'lifetime') return m.status === 'active' ? 'lifetime' : 'starter';
  return ['active', 'trialing', 'past_due'].includes(m.status) ? 'pro' : 'starter';
}

const RANK: Record<Access, number> = { starter: 0, pro: 1, lifetime: 2 };

/** The best access among all of a user's memberships. */
export function userAccess(memberships: readonly MembershipState[]): Access {
  let best: Access = 'starter';
  for (const m of memberships) {
    const a = membershipAccess(m);
    if (RANK[a] > RANK[best]) best = a;
  }
  return best;
}

export function tierFor(access: Access): 'Starter' | 'Pro' | 'Lifetime' {
  return access === 'lifetime' ? 'Lifetime' : access === 'pro' ? 'Pro' : 'Starter';
}

/**
 * Role kept in sync with access; an Admin's role is never changed. `grantedRole` is a role an
 * admin gave by hand (Member or Pro): without paid access the member keeps it, so buying and
 * then cancelling never takes away what an admin granted.
 */
export function roleFor(current: Role | string, access: Access, grantedRole: Role | string | null = null): Role {
  if (current === 'Admin') return 'Admin';
  if (access !== 'starter') return 'Pro';
  return grantedRole === 'Pro' || grantedRole === 'Member' ? grantedRole : 'User';
}

/** Within 7 days of the first purchase: cancel now and refund; later: cancel at period end. */
export function cancelDecision(firstPaidAt: Date | null, now: Date): 'refund' | 'period-end' {
  if (!firstPaidAt) return 'period-end';
  const age = now.getTime() - firstPaidAt.getTime();
  return age >= 0 && age <= REFUND_WINDOW_DAYS * DAY_MS ? 'refund' : 'period-end';
}

/** Can the user still get the full refund? */
export function refundEligible(firstPaidAt: Date | null, now: Date): boolean {
  return cancelDecision(firstPaidAt, now) === 'refund';
}

export interface FirstPayment {
  paidAt: Date;
  membershipId: string | null;
  refundedAt: Date | null;
}

/**
 * Cancelling `membershipId` refunds the user's first purchase only when that purchase belongs to
 * this membership, has not been refunded yet, and is at most 7 days old; otherwise the
 * membership ends with its paid period.
 */
export function cancelDecisionFor(first: FirstPayment | null, membershipId: string, now: Date): 'refund' | 'period-end' {
  if (!first || first.refundedAt || first.membershipId !== membershipId) return 'period-end';
  return cancelDecision(first.paidAt, now);
}
