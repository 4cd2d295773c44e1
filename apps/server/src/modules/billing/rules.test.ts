import { describe, expect, it } from 'vitest';
import { billingLevelFromParam } from '@roundup/shared';
import {
  cancelDecision,
  cancelDecisionFor,
  membershipAccess,
  proratedRefund,
  refundEffect,
  refundEligible,
  roleFor,
  stateSentence,
  surplusPlans,
  tierFor,
  userAccess,
} from './rules';

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
    // A refund alone never ends a subscription's access: Stripe's status does (refundEffect).
    [{ level: 'pro', status: 'active', refundedAt: refunded }, 'pro'],
    [{ level: 'pro', status: 'canceled', refundedAt: refunded }, 'starter'],
    [{ level: 'lifetime', status: 'active', refundedAt: null }, 'lifetime'],
    [{ level: 'lifetime', status: 'active', refundedAt: refunded }, 'starter'],
    [{ level: 'lifetime', status: 'refunded', refundedAt: refunded }, 'starter'],
  ])('%o → %s', (m, access) => expect(membershipAccess(m)).toBe(access));
});

describe('refundEffect: what a refund does to access', () => {
  const pro = { level: 'pro', charged: 5000, latestInvoice: true, subscriptionLive: true };
  it.each([
    ['partial refund of the latest invoice', { ...pro, refunded: 100 }, 'none'],
    ['full refund of the latest invoice', { ...pro, refunded: 5000 }, 'cancel-subscription'],
    ['full refund of an older invoice', { ...pro, refunded: 5000, latestInvoice: false }, 'none'],
    ['full refund once the subscription has ended', { ...pro, refunded: 5000, subscriptionLive: false }, 'none'],
    ['nothing refunded', { ...pro, refunded: 0 }, 'none'],
    ['full Lifetime refund', { ...pro, level: 'lifetime', charged: 49900, refunded: 49900 }, 'end-lifetime'],
    ['partial Lifetime refund', { ...pro, level: 'lifetime', charged: 49900, refunded: 100 }, 'none'],
  ])('%s → %s', (_name, facts, effect) => expect(refundEffect(facts)).toBe(effect));
});

describe('userAccess takes the best membership', () => {
  it.each([
    [[], 'starter'],
    [[{ level: 'pro', status: 'canceled', refundedAt: null }], 'starter'],
    [
      [
        { level: 'pro', status: 'canceled', refundedAt: null },
        { level: 'pro', status: 'active', refundedAt: null },
      ],
      'pro',
    ],
    [
      [
        { level: 'pro', status: 'active', refundedAt: null },
        { level: 'lifetime', status: 'active', refundedAt: null },
      ],
      'lifetime',
    ],
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
  ] as const)('%s with %s access, granted %s → %s (%s)', (role, access, granted, want, _why) =>
    expect(roleFor(role, access, granted)).toBe(want),
  );
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

describe('surplusPlans: one paid plan per member (decision 009)', () => {
  const at = (d: string) => new Date(`2026-03-${d}T12:00:00Z`);
  const pro = (id: string, d: string, over: object = {}) => ({
    id,
    level: 'pro',
    status: 'active',
    refundedAt: null,
    createdAt: at(d),
    ...over,
  });
  const life = (id: string, d: string, over: object = {}) => ({
    id,
    level: 'lifetime',
    status: 'active',
    refundedAt: null,
    createdAt: at(d),
    ...over,
  });
  it.each([
    ['nothing', [], null, []],
    ['one monthly', [pro('a', '01')], null, []],
    ['two monthly: the later one is a duplicate', [pro('b', '02'), pro('a', '01')], null, [{ id: 'b', reason: 'duplicate' }]],
    [
      'two monthly of the same second: the one on record stays',
      [pro('a', '01'), pro('b', '01')],
      'b',
      [{ id: 'a', reason: 'duplicate' }],
    ],
    [
      'monthly then lifetime: the monthly is upgraded',
      [pro('a', '01'), life('L', '05')],
      null,
      [{ id: 'a', reason: 'upgraded' }],
    ],
    [
      'lifetime then monthly: the monthly is a duplicate',
      [life('L', '01'), pro('a', '05')],
      null,
      [{ id: 'a', reason: 'duplicate' }],
    ],
    [
      'two lifetimes: the later one is a duplicate',
      [life('L2', '02'), life('L1', '01')],
      null,
      [{ id: 'L2', reason: 'duplicate' }],
    ],
    [
      'ended, refunded or already superseded plans are left alone',
      [
        pro('a', '01', { status: 'canceled' }),
        pro('b', '02', { status: 'canceled', refundedAt: at('03') }),
        pro('c', '03', { supersededAt: at('04') }),
        pro('d', '04'),
      ],
      null,
      [],
    ],
    [
      'a monthly set to cancel at period end still counts until it ends',
      [pro('a', '01', { cancelAtPeriodEnd: true }), life('L', '02')],
      null,
      [{ id: 'a', reason: 'upgraded' }],
    ],
  ] as const)('%s', (_why, plans, preferred, want) => expect(surplusPlans(plans as never, preferred)).toEqual(want));
});

describe('proratedRefund: unused days (a day begun counts as unused) / days in the period × amount, to the nearest cent', () => {
  const d = (s: string) => new Date(s);
  it.each([
    [
      'first day of a 31-day period, nothing used',
      5000,
      '2026-05-01T12:00:00Z',
      '2026-06-01T12:00:00Z',
      '2026-05-01T12:00:00Z',
      5000,
      31,
      31,
    ],
    ['10 days into 31: 21 left', 5000, '2026-05-01T12:00:00Z', '2026-06-01T12:00:00Z', '2026-05-11T12:00:00Z', 3387, 21, 31],
    ['a day begun counts as unused', 5000, '2026-05-01T12:00:00Z', '2026-06-01T12:00:00Z', '2026-05-11T12:00:01Z', 3387, 21, 31],
    [
      'minutes after buying: all of it',
      5000,
      '2026-05-01T12:00:00Z',
      '2026-06-01T12:00:00Z',
      '2026-05-01T12:05:00Z',
      5000,
      31,
      31,
    ],
    [
      '10 days and an hour into 30: 20 days ($33.333… → $33.33)',
      5000,
      '2026-04-01T00:00:00Z',
      '2026-05-01T00:00:00Z',
      '2026-04-11T01:00:00Z',
      3333,
      20,
      30,
    ],
    ['February: 14 of 28 days', 5000, '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z', '2026-02-15T00:00:00Z', 2500, 14, 28],
    [
      'odd amount rounds to the nearest cent (3332.67 → 3333)',
      4999,
      '2026-04-01T00:00:00Z',
      '2026-05-01T00:00:00Z',
      '2026-04-11T00:00:00Z',
      3333,
      20,
      30,
    ],
    [
      'last hours of the period: one day ($1.666… → $1.67)',
      5000,
      '2026-04-01T00:00:00Z',
      '2026-05-01T00:00:00Z',
      '2026-04-30T20:00:00Z',
      167,
      1,
      30,
    ],
    ['after the period ended', 5000, '2026-04-01T00:00:00Z', '2026-05-01T00:00:00Z', '2026-05-03T00:00:00Z', 0, 0, 30],
    [
      'before the period began: at most what was paid',
      5000,
      '2026-04-01T00:00:00Z',
      '2026-05-01T00:00:00Z',
      '2026-03-20T00:00:00Z',
      5000,
      30,
      30,
    ],
    ['unknown start: a 30-day period', 5000, null, '2026-05-01T00:00:00Z', '2026-04-16T00:00:00Z', 2500, 15, 30],
  ] as const)('%s', (_why, amountCents, start, end, now, cents, remainingDays, periodDays) =>
    expect(proratedRefund({ amountCents, periodStart: start ? d(start) : null, periodEnd: d(end), now: d(now) })).toEqual({
      cents,
      remainingDays,
      periodDays,
    }),
  );
  it('no period end or nothing paid: nothing to refund', () => {
    expect(proratedRefund({ amountCents: 5000, periodStart: null, periodEnd: null, now: d('2026-04-01T00:00:00Z') }).cents).toBe(
      0,
    );
    expect(
      proratedRefund({ amountCents: 0, periodStart: null, periodEnd: d('2026-05-01T00:00:00Z'), now: d('2026-04-01T00:00:00Z') })
        .cents,
    ).toBe(0);
  });
});

describe('stateSentence: what the member has after the change', () => {
  const end = new Date('2026-12-24T12:00:00Z');
  const date = (x: Date) => x.toISOString().slice(0, 10);
  const money = (c: number) => `$${(c / 100).toFixed(2)}`;
  const renewing = { periodEnd: end, cancelAtPeriodEnd: false, amountCents: 5000 };
  const ending = { ...renewing, cancelAtPeriodEnd: true };
  it.each([
    [
      'lifetime',
      { role: 'Pro', grantedRole: null, access: 'lifetime', pro: null },
      'You have Lifetime access: it never renews and never lapses.',
    ],
    [
      'renewing monthly',
      { role: 'Pro', grantedRole: null, access: 'pro', pro: renewing },
      'You are on Pro; it renews on 2026-12-24 for $50.00.',
    ],
    [
      'a renewal that failed',
      { role: 'Pro', grantedRole: null, access: 'pro', pro: renewing, pastDue: { amountCents: 5000, updateBy: end } },
      'Your Pro payment of $50.00 is past due: update your card by 2026-12-24. You keep Pro while we retry the payment.',
    ],
    [
      'monthly set to end',
      { role: 'Pro', grantedRole: null, access: 'pro', pro: ending },
      'You still have Pro until 2026-12-24; it will not renew.',
    ],
    [
      'monthly set to end, Pro granted by an admin',
      { role: 'Pro', grantedRole: 'Pro', access: 'pro', pro: ending },
      'You still have Pro until 2026-12-24; it will not renew. After that you keep the Pro access an admin granted you.',
    ],
    ['no plan', { role: 'User', grantedRole: null, access: 'starter', pro: null }, 'You are now on Starter.'],
    [
      'no plan, Pro granted by an admin',
      { role: 'Pro', grantedRole: 'Pro', access: 'starter', pro: null },
      'You no longer have a paid plan, and you keep the Pro access an admin granted you.',
    ],
    [
      'no plan, Admin',
      { role: 'Admin', grantedRole: null, access: 'starter', pro: null },
      'You no longer have a paid plan; as an Admin you keep full access.',
    ],
  ] as const)('%s', (_why, state, want) => expect(stateSentence(state, date, money)).toBe(want));
});
