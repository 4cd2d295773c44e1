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

/** Stripe's subscription statuses that keep access: `past_due` while Stripe retries a failed renewal. */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/**
 * The access one membership gives. A subscription's access follows Stripe's status alone: Stripe
 * keeps it `active` until the end of the paid period even when it is set to cancel then, moves it
 * to `canceled` (or `unpaid` after failed retries) when that period ends, and a refund never ends
 * it by itself (refundEffect). A Lifetime purchase lasts until it is refunded in full.
 */
export function membershipAccess(m: MembershipState): Access {
  if (m.level === 'lifetime') return m.status === 'active' && !m.refundedAt ? 'lifetime' : 'starter';
  return LIVE_STATUSES.has(m.status) ? 'pro' : 'starter';
}

export interface RefundFacts {
  level: string;
  /** What the charge took and what is refunded of it now, in cents. */
  charged: number;
  refunded: number;
  /** For a subscription: is the refunded invoice its latest, and is it still live at Stripe? */
  latestInvoice: boolean;
  subscriptionLive: boolean;
}

/**
 * What a refund does to access (product.md#refunds). A partial refund changes nothing. A full
 * refund of a Lifetime payment ends it. A full refund of a subscription's latest invoice cancels
 * the subscription at Stripe (Stripe would bill again otherwise), and access ends when Stripe says
 * it is canceled. A full refund of an older invoice leaves the paid current period alone.
 */
export function refundEffect(f: RefundFacts): 'none' | 'end-lifetime' | 'cancel-subscription' {
  if (f.refunded <= 0 || f.refunded < f.charged) return 'none';
  if (f.level === 'lifetime') return 'end-lifetime';
  return f.latestInvoice && f.subscriptionLive ? 'cancel-subscription' : 'none';
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

// ---- one paid plan per member (decision 009) ---------------------------------------------

export interface PlanRow extends MembershipState {
  id: string;
  createdAt: Date;
  supersededAt?: Date | null;
}

export type SupersedeReason = 'duplicate' | 'upgraded';

const byAge = (preferred: string | null) => (a: PlanRow, b: PlanRow) =>
  a.createdAt.getTime() - b.createdAt.getTime() ||
  (a.id === preferred ? -1 : b.id === preferred ? 1 : 0) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The plans a member must lose so that one paid plan stays: the oldest lifetime wins over
 * everything (a monthly bought before it was 'upgraded', anything bought after it is a
 * 'duplicate'); without lifetime, the oldest monthly wins and later ones are duplicates.
 * Plans already superseded or giving no access are left alone. Between two plans of the same
 * second, `preferred` (the one the member already had on record) stays.
 */
export function surplusPlans(
  plans: readonly PlanRow[],
  preferred: string | null = null,
): { id: string; reason: SupersedeReason }[] {
  const live = plans.filter((p) => !p.supersededAt && membershipAccess(p) !== 'starter').sort(byAge(preferred));
  const lifetime = live.find((p) => p.level === 'lifetime');
  const keep = lifetime ?? live.find((p) => p.level === 'pro');
  if (!keep) return [];
  return live
    .filter((p) => p.id !== keep.id)
    .map((p) => ({
      id: p.id,
      reason: p.level === 'pro' && lifetime && p.createdAt.getTime() < lifetime.createdAt.getTime() ? 'upgraded' : 'duplicate',
    }));
}

/**
 * The unused part of a paid period, refunded when Lifetime replaces a monthly plan:
 * remaining days / days in the period × amount paid. A day already begun counts as unused (in
 * the member's favour: Lifetime bought minutes after a monthly plan refunds all of it);
 * the period has round((end − start) / 1 day) days (30 when the start is unknown); the result is
 * rounded to the nearest cent (half up) and never exceeds what was paid.
 */
export function proratedRefund(input: { amountCents: number; periodStart: Date | null; periodEnd: Date | null; now: Date }): {
  cents: number;
  remainingDays: number;
  periodDays: number;
} {
  const { amountCents, periodStart, periodEnd, now } = input;
  if (!periodEnd || amountCents <= 0) return { cents: 0, remainingDays: 0, periodDays: 0 };
  const periodDays = Math.max(1, periodStart ? Math.round((periodEnd.getTime() - periodStart.getTime()) / DAY_MS) : 30);
  const remainingDays = Math.min(periodDays, Math.max(0, Math.ceil((periodEnd.getTime() - now.getTime()) / DAY_MS)));
  const cents = Math.min(amountCents, Math.floor((amountCents * remainingDays) / periodDays + 0.5));
  return { cents, remainingDays, periodDays };
}

export interface MemberState {
  role: Role | string;
  grantedRole: Role | string | null;
  access: Access;
  /** The monthly plan giving access, if any. */
  pro: { periodEnd: Date | null; cancelAtPeriodEnd: boolean; amountCents: number } | null;
  /** A renewal whose payment failed and is not paid yet: what it asks for and when Stripe tries last. */
  pastDue?: { amountCents: number; updateBy: Date | null } | null;
}

/**
 * One sentence saying where the member stands after a billing change, computed from the state
 * after it (never assumed): "You still have Pro until …", "You are now on Starter", …
 */
export function stateSentence(s: MemberState, date: (d: Date) => string, money: (cents: number) => string): string {
  if (s.access === 'lifetime') return 'You have Lifetime access: it never renews and never lapses.';
  const granted =
    s.role !== 'Admin' && s.grantedRole === 'Pro' ? ' After that you keep the Pro access an admin granted you.' : '';
  if (s.access === 'pro' && s.pastDue) {
    const by = s.pastDue.updateBy ? ` by ${date(s.pastDue.updateBy)}` : '';
    return `Your Pro payment of ${money(s.pastDue.amountCents)} is past due: update your card${by}. You keep Pro while we retry the payment.`;
  }
  if (s.access === 'pro' && s.pro?.periodEnd) {
    return s.pro.cancelAtPeriodEnd
      ? `You still have Pro until ${date(s.pro.periodEnd)}; it will not renew.${granted}`
      : `You are on Pro; it renews on ${date(s.pro.periodEnd)} for ${money(s.pro.amountCents)}.`;
  }
  if (s.access === 'pro') return 'You are on Pro.';
  if (s.role === 'Admin') return 'You no longer have a paid plan; as an Admin you keep full access.';
  if (s.grantedRole === 'Pro') return 'You no longer have a paid plan, and you keep the Pro access an admin granted you.';
  return 'You are now on Starter.';
}
