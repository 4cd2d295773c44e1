import { describe, expect, it } from 'vitest';
import { billingLevelFromParam } from '@roundup/shared';
import { cancelDecision, cancelDecisionFor, membershipAccess, refundEligible, roleFor, tierFor, userAccess } from './rules';

const refunded = new Date('2026-01-02T00:00:00Z');

describe('membershipAccess', () => {
  it.each([
    [{ level: 'pro', status: 'active', refundedAt: null }, 'pro'],
    [{ level: 'pro', status: 'trialing', refundedAt: null }, 'pro'],
    [{ level: 'pro', status: 'past_due', refundedAt: null }, 'pro'],
    [{ level: 'pro', status: 'canceled', refundedAt: null }, 'starter'],
    [{ level: 'pro', status: 'unpaid', refundedAt: null }, 'starter'],
    [{ level: 'pro', status: 'incomplete', refundedAt: null }, 'starter'],
    [{ level: 'pro', status: 'incomplete_expired', refundedAt: null }, 'starter'],
    [{ level: 'pro', status: 'active', refundedAt: refunded }, 'starter'],
    [{ level: 'lifetime', status: 'active', refundedAt: null }, 'lifetime'],
    [{ level: 'lifetime', status: 'refunded', refundedAt: refunded }, 'starter'],
  ])('%o → %s', (m, access) => expect(membershipAccess(m)).toBe(access));
});

describe('userAccess takes the best membership', () => {
  it.each([
    [[], 'starter'],
    [[{ level: 'pro', status: 'canceled', refundedAt: null }], 'starter'],
    [[{ level: 'pro', status: 'canceled', refundedAt: null }, { level: 'pro', status: 'active', refundedAt: null }], 'pro'],
    [[{ level: 'pro', status: 'active', refundedAt: null }, { level: 'lifetime', status: 'active', refundedAt: null }], 'lifetime'],
  ] as const)('%o → %s', (ms, access) => expect(userAccess(ms)).toBe(access));
});

describe('roleFor and tierFor', () => {
  it.each([
    ['User', 'pro', 'Pro'],
    ['User', 'lifetime', 'Pro'],
    ['Pro', 'starter', 'User'],
    ['Member', 'starter', 'User'],
    ['Member', 'pro', 'Pro'],
    ['Admin', 'starter', 'Admin'],
    ['Admin', 'pro', 'Admin'],
    ['User', 'starter', 'User'],
  ] as const)('%s with %s access → %s', (role, access, want) => expect(roleFor(role, access)).toBe(want));
  it.each([
    ['Pro', 'starter', 'Pro', 'Pro', 'an admin-granted Pro outlives a cancelled subscription'],
    ['Pro', 'starter', 'Member', 'Member', 'so does a granted Member'],
    ['User', 'pro', 'Member', 'Pro', 'paid access lifts a granted Member to Pro'],
    ['Pro', 'starter', null, 'User', 'a bought Pro lapses to User'],
    ['Admin', 'starter', 'Pro', 'Admin', 'an Admin stays Admin'],
  ] as const)('%s with %s access, granted %s → %s (%s)', (role, access, granted, want, _why) => expect(roleFor(role, access, granted)).toBe(want));
  it.each([
    ['starter', 'Starter'],
    ['pro', 'Pro'],
    ['lifetime', 'Lifetime'],
  ] as const)('%s → %s', (access, tier) => expect(tierFor(access)).toBe(tier));
});

describe('cancelDecision: refund within 7 days of the first purchase', () => {
  const paid = new Date('2026-03-01T12:00:00Z');
  it.each([
    [null, '2026-03-01T12:00:00Z', 'period-end'],
    [paid, '2026-03-01T12:00:00Z', 'refund'],
    [paid, '2026-03-05T00:00:00Z', 'refund'],
    [paid, '2026-03-08T12:00:00Z', 'refund'],
    [paid, '2026-03-08T12:00:01Z', 'period-end'],
    [paid, '2026-04-01T00:00:00Z', 'period-end'],
    [paid, '2026-02-28T00:00:00Z', 'period-end'],
  ] as const)('first paid %s, now %s → %s', (first, now, want) => {
    expect(cancelDecision(first, new Date(now))).toBe(want);
    expect(refundEligible(first, new Date(now))).toBe(want === 'refund');
  });
});

describe('billingLevelFromParam (/upgrade/:level)', () => {
  it.each([
    ['lifetime', 'lifetime'],
    ['og', 'lifetime'],
    ['OG', 'lifetime'],
    ['pro', 'pro'],
    ['premium', 'pro'],
    ['anything', 'pro'],
    [undefined, 'pro'],
  ] as const)('%s → %s', (p, want) => expect(billingLevelFromParam(p)).toBe(want));
});

describe('cancelDecisionFor: only the first purchase, of this membership, unrefunded, within 7 days', () => {
  const paidAt = new Date('2026-03-01T12:00:00Z');
  const soon = new Date('2026-03-03T12:00:00Z');
  it.each([
    [null, 'sub_1', soon, 'period-end'],
    [{ paidAt, membershipId: 'sub_1', refundedAt: null }, 'sub_1', soon, 'refund'],
    [{ paidAt, membershipId: 'sub_1', refundedAt: null }, 'sub_1', new Date('2026-03-09T12:00:00Z'), 'period-end'],
    [{ paidAt, membershipId: 'sub_0', refundedAt: null }, 'sub_1', soon, 'period-end'],
    [{ paidAt, membershipId: 'sub_1', refundedAt: soon }, 'sub_1', soon, 'period-end'],
  ] as const)('%o cancelling %s at %s → %s', (first, id, now, want) => expect(cancelDecisionFor(first, id, now)).toBe(want));
});
