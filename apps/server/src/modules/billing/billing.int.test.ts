import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localPayments } from '../../adapters/payments';
import { buyMembership } from '../../../test/factories';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';

let t: TestApp;
let now = new Date('2026-03-02T15:00:00Z');
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now, config: { RATE_LIMIT_SCALE: 20 } });
});
afterAll(async () => t?.close());

/** Buys on the local test checkout as the browser does; the checkout sends the browser back to register-success. */
async function buy(token: string, level: 'pro' | 'lifetime' = 'pro') {
  const bought = await buyMembership(t.app, token, level);
  expect(bought.returnUrl).toBe(`http://localhost:3000/register/success/${bought.id}`);
  return bought;
}

describe('checkout with the local test checkout', () => {
  it('needs a signed-in user', async () => {
    expect((await call(t.app, 'POST', '/api/subs/session', { body: {} })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/subs/lifetime')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/subs/fetch')).status).toBe(401);
  });

  it('decides the price itself and checks ids sent by the browser', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const other = await call(t.app, 'POST', '/api/subs/session', { token: a.token, body: { userId: b.user._id } });
    expect(other.status).toBe(403);
    const price = await call(t.app, 'POST', '/api/subs/session', { token: a.token, body: { priceId: 'price_local_lifetime' } });
    expect(price.status).toBe(400);
    expect(price.body.errors[0].msg).toBe('That price is not available.');
    const cus = await call(t.app, 'POST', '/api/subs/session', {
      token: a.token,
      body: { stripeCustomerId: 'cus_someone_else' },
    });
    expect(cus.status).toBe(403);
    const ok = await call(t.app, 'POST', '/api/subs/session', {
      token: a.token,
      body: { priceId: 'price_local_pro', userId: a.user._id },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.session.url).toMatch(/^http:\/\/localhost:3000\/checkout\/test\/cs_local_/);
    const me = await call(t.app, 'GET', '/api/auth/me', { token: a.token });
    expect(me.body.data.user.stripeCustomerId).toMatch(/^cus_local_/);
    expect(me.body.data.user.role).toBe('User');
  });

  it('pays, confirms and makes the member Pro; the referrer earns 20% once', async () => {
    const ref = await registerUser(t.app);
    const m = await registerUser(t.app, { refId: ref.user.username });
    const { id, user } = await buy(m.token);
    expect(user).toMatchObject({ role: 'Pro', subscriptionTier: 'Pro' });
    expect(user.stripeSubscriptionId).toMatch(/^sub_local_/);
    expect(user.memberSince).not.toBeNull();
    // Confirming again changes nothing.
    const again = await call(t.app, 'POST', '/api/subs/register-success', { token: m.token, body: { sessionId: id } });
    expect(again.body.data.user.memberSince).toBe(user.memberSince);

    const fetched = await call(t.app, 'POST', '/api/subs/fetch', {
      token: m.token,
      body: { subscriptionId: user.stripeSubscriptionId },
    });
    expect(fetched.status).toBe(200);
    const { subscription, invoices } = fetched.body.data;
    expect(subscription).toMatchObject({
      status: 'active',
      quantity: 1,
      level: 'pro',
      tier: 'Pro',
      cancelable: true,
      refund_eligible: true,
    });
    expect(subscription.items.total_count).toBe(1);
    expect(subscription.items.data[0].price.unit_amount).toBe(5000);
    expect(invoices.data).toHaveLength(1);
    expect(invoices.data[0].hosted_invoice_url).toMatch(/\/api\/subs\/test-checkout\/invoices\/in_local_/);

    const receipt = await t.app.inject({ method: 'GET', url: new URL(invoices.data[0].invoice_pdf).pathname + '?download=1' });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toMatch(/text\/html/);
    expect(receipt.headers['content-disposition']).toMatch(/attachment/);
    expect(receipt.body).toContain('$50.00');

    const refs = await call(t.app, 'GET', '/api/affiliates/referrals', { token: ref.token });
    expect(refs.body.data.referrals).toEqual([{ _id: m.user._id, username: m.user.username, role: 'Pro' }]);
    const com = await call(t.app, 'GET', '/api/affiliates/commissions', { token: ref.token });
    expect(com.body.data.totals).toEqual({ earned: 1000, pending: 1000, paid: 0 });
    expect(com.body.data.months).toHaveLength(1);

    // Buying Pro twice is refused.
    const twice = await call(t.app, 'POST', '/api/subs/session', { token: m.token, body: {} });
    expect(twice.status).toBe(409);
  });

  it('a user who already has Pro access (e.g. set by an admin) cannot buy Pro again, but may buy lifetime', async () => {
    const p = await registerUser(t.app);
    await setRole(t.database, p.user._id, 'Pro');
    const res = await call(t.app, 'POST', '/api/subs/session', { token: p.token });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].msg).toBe('You already have an active Pro membership.');
    expect((await call(t.app, 'POST', '/api/subs/lifetime', { token: p.token })).status).toBe(200);
  });

  it('register-success refuses another user’s session, an unpaid one and an unknown one', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const start = await call(t.app, 'POST', '/api/subs/session', { token: a.token, body: {} });
    const id = start.body.data.session.id;
    const unpaid = await call(t.app, 'POST', '/api/subs/register-success', { token: a.token, body: { sessionId: id } });
    expect(unpaid.status).toBe(400);
    expect(unpaid.body.errors[0].msg).toBe('Your payment has not been completed yet.');
    // b cannot see, pay or confirm a's session.
    expect((await call(t.app, 'GET', `/api/subs/test-checkout/${id}`, { token: b.token })).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/subs/test-checkout/${id}/pay`, { token: b.token })).status).toBe(404);
    await call(t.app, 'POST', `/api/subs/test-checkout/${id}/pay`, { token: a.token });
    const stolen = await call(t.app, 'POST', '/api/subs/register-success', { token: b.token, body: { sessionId: id } });
    expect(stolen.status).toBe(404);
    const bMe = await call(t.app, 'GET', '/api/auth/me', { token: b.token });
    expect(bMe.body.data.user).toMatchObject({ role: 'User', subscriptionTier: 'Starter' });
    expect(
      (await call(t.app, 'POST', '/api/subs/register-success', { token: b.token, body: { sessionId: 'cs_local_nope' } })).status,
    ).toBe(404);
    expect((await call(t.app, 'POST', '/api/subs/register-success', { token: b.token, body: {} })).status).toBe(400);
  });

  it('a Starter cannot forge an upgrade through any endpoint', async () => {
    const s = await registerUser(t.app);
    const bodies = [{ role: 'Pro' }, { subscriptionTier: 'Pro' }, { userId: s.user._id, status: 'active' }];
    for (const body of bodies) {
      await call(t.app, 'POST', '/api/users/update-self', { token: s.token, body: { email: s.email, ...body } });
      await call(t.app, 'POST', '/api/subs/fetch', { token: s.token, body });
      await call(t.app, 'POST', '/api/subs/cancel-subscription', { token: s.token, body });
    }
    const fake = JSON.stringify({
      id: 'evt_forged',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_x', client_reference_id: s.user._id } },
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/subs/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: fake,
    });
    expect(hook.statusCode).toBe(400);
    const start = await call(t.app, 'POST', '/api/subs/session', { token: s.token, body: {} });
    const id = start.body.data.session.id;
    await call(t.app, 'POST', '/api/subs/register-success', { token: s.token, body: { sessionId: id } });
    await call(t.app, 'POST', `/api/subs/test-checkout/${id}/cancel`, { token: s.token });
    expect((await call(t.app, 'POST', `/api/subs/test-checkout/${id}/pay`, { token: s.token })).status).toBe(400);
    await call(t.app, 'POST', '/api/subs/register-success', { token: s.token, body: { sessionId: id } });
    const me = await call(t.app, 'GET', '/api/auth/me', { token: s.token });
    expect(me.body.data.user).toMatchObject({ role: 'User', subscriptionTier: 'Starter', stripeSubscriptionId: null });
    const { rows } = await t.database.query('select count(*)::int as n from memberships where user_id = $1', [s.user._id]);
    expect(rows[0]).toEqual({ n: 0 });
    const none = await call(t.app, 'POST', '/api/subs/fetch', { token: s.token });
    expect(none.body.data).toMatchObject({
      subscription: null,
      invoices: { data: [] },
      notices: [],
      next_renewal: null,
      summary: 'You are now on Starter.',
    });
  });
});

describe('cancel membership', () => {
  it('within 7 days: cancels now, refunds in full, reverses the commission', async () => {
    const ref = await registerUser(t.app);
    const m = await registerUser(t.app, { refId: ref.user.username });
    await buy(m.token);
    now = new Date(now.getTime() + 6 * DAY);
    const res = await call(t.app, 'POST', '/api/subs/cancel-subscription', { token: m.token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ outcome: 'refunded', refundAmount: 5000 });
    expect(res.body.data.msg).toContain('$50.00 was refunded');
    const me = await call(t.app, 'GET', '/api/auth/me', { token: m.token });
    expect(me.body.data.user).toMatchObject({ role: 'User', subscriptionTier: 'Starter', memberSince: null });
    const f = await call(t.app, 'POST', '/api/subs/fetch', { token: m.token });
    expect(f.body.data.subscription).toMatchObject({ status: 'canceled', refunded: true, cancelable: false });
    expect(f.body.data.invoices.data[0].amount_refunded).toBe(5000);
    const com = await call(t.app, 'GET', '/api/affiliates/commissions', { token: ref.token });
    expect(com.body.data.totals).toEqual({ earned: 0, pending: 0, paid: 0 });
    expect(com.body.data.items[0].status).toBe('reversed');
    // A second cancel finds nothing to cancel and refunds nothing more.
    expect((await call(t.app, 'POST', '/api/subs/cancel-subscription', { token: m.token })).status).toBe(400);
  });

  it('a second purchase after a refund is not refunded again: it ends with its period', async () => {
    const m = await registerUser(t.app);
    await buy(m.token);
    expect((await call(t.app, 'POST', '/api/subs/cancel-subscription', { token: m.token })).body.data.outcome).toBe('refunded');
    await buy(m.token);
    const f = await call(t.app, 'POST', '/api/subs/fetch', { token: m.token });
    expect(f.body.data.subscription).toMatchObject({ status: 'active', refund_eligible: false, cancelable: true });
    const res = await call(t.app, 'POST', '/api/subs/cancel-subscription', { token: m.token });
    expect(res.body.data).toMatchObject({ outcome: 'scheduled', refundAmount: 0 });
    expect((await call(t.app, 'GET', '/api/auth/me', { token: m.token })).body.data.user.role).toBe('Pro');
  });

  it('after 7 days: cancels at the period end and keeps Pro until then', async () => {
    const m = await registerUser(t.app);
    await buy(m.token);
    now = new Date(now.getTime() + 8 * DAY);
    const res = await call(t.app, 'POST', '/api/subs/cancel-subscription', { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe('scheduled');
    expect(res.body.data.refundAmount).toBe(0);
    expect(res.body.data.msg).toMatch(/will end on [A-Z][a-z]+ \d{2}, \d{4}/);
    let me = await call(t.app, 'GET', '/api/auth/me', { token: m.token });
    expect(me.body.data.user).toMatchObject({ role: 'Pro', subscriptionTier: 'Pro' });
    const f = await call(t.app, 'POST', '/api/subs/fetch', { token: m.token });
    expect(f.body.data.subscription).toMatchObject({ status: 'active', cancel_at_period_end: true, cancelable: false });
    // The paid period ends: back to Starter.
    now = new Date(now.getTime() + 30 * DAY);
    // (sessions last 30 days: sign in again)
    const login = await call(t.app, 'POST', '/api/auth/login', { body: { email: m.email, password: m.password } });
    const token = login.body.data.token;
    const later = await call(t.app, 'POST', '/api/subs/fetch', { token });
    expect(later.body.data.subscription.status).toBe('canceled');
    me = await call(t.app, 'GET', '/api/auth/me', { token });
    expect(me.body.data.user).toMatchObject({ role: 'User', subscriptionTier: 'Starter' });
  });

  it('lifetime: never lapses; refundable within 7 days only; an Admin stays Admin', async () => {
    const a = await registerUser(t.app);
    await setRole(t.database, a.user._id, 'Admin');
    const { user } = await buy(a.token, 'lifetime');
    expect(user).toMatchObject({ role: 'Admin', subscriptionTier: 'Lifetime' });
    expect((await call(t.app, 'POST', '/api/subs/lifetime', { token: a.token })).status).toBe(409);
    now = new Date(now.getTime() + 10 * DAY);
    const res = await call(t.app, 'POST', '/api/subs/cancel-subscription', { token: a.token });
    expect(res.status).toBe(400);
    const f = await call(t.app, 'POST', '/api/subs/fetch', { token: a.token });
    expect(f.body.data.subscription).toMatchObject({ level: 'lifetime', tier: 'Lifetime', status: 'active', cancelable: false });
    expect(f.body.data.subscription.items.data[0].price.unit_amount).toBe(49900);

    const b = await registerUser(t.app);
    await buy(b.token, 'lifetime');
    const refund = await call(t.app, 'POST', '/api/subs/cancel-subscription', { token: b.token });
    expect(refund.body.data).toMatchObject({ outcome: 'refunded', refundAmount: 49900 });
    const me = await call(t.app, 'GET', '/api/auth/me', { token: b.token });
    expect(me.body.data.user).toMatchObject({ role: 'User', subscriptionTier: 'Starter' });
  });

  it('a Pro granted by an admin stays Pro after buying lifetime and getting it refunded; taking the grant back ends it', async () => {
    const admin = await registerUser(t.app);
    await setRole(t.database, admin.user._id, 'Admin');
    const g = await registerUser(t.app);
    const role = async () => (await call(t.app, 'GET', '/api/auth/me', { token: g.token })).body.data.user;
    expect(
      (await call(t.app, 'POST', '/api/users/admin-edit', { token: admin.token, body: { id: g.user._id, role: 'Pro' } })).status,
    ).toBe(200);
    expect(await role()).toMatchObject({ role: 'Pro', subscriptionTier: 'Starter' });

    await buy(g.token, 'lifetime');
    expect(await role()).toMatchObject({ role: 'Pro', subscriptionTier: 'Lifetime' });
    now = new Date(now.getTime() + 2 * DAY);
    const refund = await call(t.app, 'POST', '/api/subs/cancel-subscription', { token: g.token });
    expect(refund.body.data).toMatchObject({ outcome: 'refunded', refundAmount: 49900 });
    expect(await role()).toMatchObject({ role: 'Pro', subscriptionTier: 'Starter' });

    // Saving the user page again (the role is sent unchanged) grants nothing new.
    const paying = await registerUser(t.app);
    await buy(paying.token);
    expect(
      (
        await call(t.app, 'POST', '/api/users/admin-edit', {
          token: admin.token,
          body: { id: paying.user._id, role: 'Pro', email_validated: true },
        })
      ).status,
    ).toBe(200);
    const detail = await call(t.app, 'GET', `/api/users/${paying.user._id}`, { token: admin.token });
    expect(detail.body.data.user).toMatchObject({ role: 'Pro', grantedRole: null });
    expect((await call(t.app, 'GET', `/api/users/${g.user._id}`, { token: admin.token })).body.data.user.grantedRole).toBe('Pro');

    // The admin sets User: nothing is granted any more, and billing agrees.
    expect(
      (await call(t.app, 'POST', '/api/users/admin-edit', { token: admin.token, body: { id: g.user._id, role: 'User' } })).status,
    ).toBe(200);
    const { rows } = await t.database.query<{ granted_role: string | null }>('select granted_role from users where id = $1', [
      g.user._id,
    ]);
    expect(rows[0].granted_role).toBeNull();
    expect(await role()).toMatchObject({ role: 'User', subscriptionTier: 'Starter' });
  });

  it('fetch and cancel answer 404 for someone else’s subscription', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const { user } = await buy(a.token);
    expect(
      (await call(t.app, 'POST', '/api/subs/fetch', { token: b.token, body: { subscriptionId: user.stripeSubscriptionId } }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'POST', '/api/subs/cancel-subscription', {
          token: b.token,
          body: { subscriptionId: user.stripeSubscriptionId },
        })
      ).status,
    ).toBe(404);
    const me = await call(t.app, 'GET', '/api/auth/me', { token: a.token });
    expect(me.body.data.user.role).toBe('Pro');
  });
});

describe('affiliate commissions for admins', () => {
  it('lists and marks a referrer’s commissions paid; non-admins are refused', async () => {
    const ref = await registerUser(t.app);
    const m = await registerUser(t.app, { refId: ref.user.username });
    await buy(m.token);
    const admin = await registerUser(t.app);
    await setRole(t.database, admin.user._id, 'Admin');
    expect((await call(t.app, 'GET', `/api/affiliates/admin/${ref.user._id}/commissions`, { token: ref.token })).status).toBe(
      403,
    );
    expect((await call(t.app, 'POST', `/api/affiliates/admin/${ref.user._id}/mark-paid`, { token: ref.token })).status).toBe(403);
    const list = await call(t.app, 'GET', `/api/affiliates/admin/${ref.user._id}/commissions`, { token: admin.token });
    expect(list.body.data.totals).toEqual({ earned: 1000, pending: 1000, paid: 0 });
    const paid = await call(t.app, 'POST', `/api/affiliates/admin/${ref.user._id}/mark-paid`, { token: admin.token, body: {} });
    expect(paid.body.data).toMatchObject({ count: 1, totals: { earned: 1000, pending: 0, paid: 1000 } });
    expect(
      (await call(t.app, 'POST', `/api/affiliates/admin/${ref.user._id}/mark-paid`, { token: admin.token })).body.data.count,
    ).toBe(0);
    const mine = await call(t.app, 'GET', '/api/affiliates/commissions', { token: ref.token });
    expect(mine.body.data.items[0]).toMatchObject({ status: 'paid', amount: 1000, referredUsername: m.user.username });
  });

  it('referrals are split by role and nobody can refer themselves', async () => {
    const ref = await registerUser(t.app);
    await registerUser(t.app, { refId: ref.user.username });
    const self = await registerUser(t.app, { username: `selfref${Date.now() % 100000}`, refId: `selfref${Date.now() % 100000}` });
    expect(self.user.referrer).toBeNull();
    const refs = await call(t.app, 'GET', '/api/affiliates/referrals', { token: ref.token });
    expect(refs.body.data.referrals.map((r: { role: string }) => r.role)).toEqual(['User']);
    expect((await call(t.app, 'GET', '/api/affiliates/referrals')).status).toBe(401);
  });
});

/** The emails a member got, oldest first (the outbox mailer writes every message to the outbox table). */
async function mails(email: string) {
  const { rows } = await t.database.query<{ subject: string; body: string }>(
    'select subject, body from outbox where recipient = $1 order by created_at, id',
    [email],
  );
  return rows;
}
const subjects = async (email: string) =>
  (await mails(email)).map((m) => m.subject).filter((s) => s !== 'Verify your RoundUp email');

describe('one paid plan per member on the local test checkout (decision 009)', () => {
  it('two tabs (or a double click) get the same open Pro checkout, so paying in both charges once', async () => {
    const m = await registerUser(t.app);
    const [a, b] = await Promise.all([
      call(t.app, 'POST', '/api/subs/session', { token: m.token, body: {} }),
      call(t.app, 'POST', '/api/subs/session', { token: m.token, body: {} }),
    ]);
    expect(b.body.data.session.id).toBe(a.body.data.session.id);
    await Promise.all(
      [a, b].map((s) => call(t.app, 'POST', `/api/subs/test-checkout/${s.body.data.session.id}/pay`, { token: m.token })),
    );
    const { rows } = await t.database.query<{ n: number }>(
      "select count(*)::int as n from memberships where user_id = $1 and status = 'active'",
      [m.user._id],
    );
    expect(rows[0].n).toBe(1);
    expect(await subjects(m.email)).toEqual(['RoundUp receipt: $50.00 for Pro (monthly)']);
    // Lifetime in another tab expires the open Pro checkout of the first; it can no longer be paid.
    const m2 = await registerUser(t.app);
    const pro = (await call(t.app, 'POST', '/api/subs/session', { token: m2.token, body: {} })).body.data.session.id;
    expect((await call(t.app, 'POST', '/api/subs/lifetime', { token: m2.token, body: {} })).status).toBe(200);
    const late = await call(t.app, 'POST', `/api/subs/test-checkout/${pro}/pay`, { token: m2.token });
    expect(late.status).toBe(400);
    expect(late.body.errors[0].msg).toMatch(/replaced by a newer one/);
  });

  it('a second Pro payment that still completes is refunded in full, its subscription cancelled, and the member told', async () => {
    const ref = await registerUser(t.app);
    const m = await registerUser(t.app, { refId: ref.user.username });
    const first = await buy(m.token);
    // A session nothing stopped (opened by another server instance before this one knew of the first).
    const stray = await localPayments(t.database.db, { appUrl: 'http://localhost:3000', clock: () => now }).createCheckout({
      level: 'pro',
      priceId: 'price_local_pro',
      customerId: first.user.stripeCustomerId,
      userId: m.user._id,
      successUrl: 'http://localhost:3000/register/success/{CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/services',
    });
    await t.database.query("insert into checkout_sessions (id, user_id, provider, level) values ($1, $2, 'local', 'pro')", [
      stray.id,
      m.user._id,
    ]);
    expect((await call(t.app, 'POST', `/api/subs/test-checkout/${stray.id}/pay`, { token: m.token })).status).toBe(200);
    await call(t.app, 'POST', '/api/subs/register-success', { token: m.token, body: { sessionId: stray.id } });

    const { rows } = await t.database.query<{ id: string; status: string; refunded: boolean }>(
      'select id, status, refunded_at is not null as refunded from memberships where user_id = $1 order by created_at, id',
      [m.user._id],
    );
    expect(rows.filter((r) => r.status === 'active' && !r.refunded)).toEqual([
      expect.objectContaining({ id: first.user.stripeSubscriptionId }),
    ]);
    expect(rows.filter((r) => r.status === 'canceled' && r.refunded)).toHaveLength(1);
    const f = await call(t.app, 'POST', '/api/subs/fetch', { token: m.token });
    expect(f.body.data.invoices.data.map((i: { amount_refunded: number }) => i.amount_refunded).sort()).toEqual([0, 5000]);
    expect(f.body.data.summary).toMatch(/^You are on Pro; it renews on [A-Z][a-z]+ \d{2}, \d{4} for \$50\.00\.$/);
    expect(f.body.data.notices[0]).toMatchObject({ kind: 'refund', subject: 'RoundUp refund: $50.00 for a duplicate payment' });
    expect(await subjects(m.email)).toEqual([
      'RoundUp receipt: $50.00 for Pro (monthly)',
      'RoundUp receipt: $50.00 for Pro (monthly)',
      'RoundUp refund: $50.00 for a duplicate payment',
    ]);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: m.token })).body.data.user).toMatchObject({
      role: 'Pro',
      subscriptionTier: 'Pro',
      stripeSubscriptionId: first.user.stripeSubscriptionId,
    });
    // The referrer keeps the commission of the kept payment only.
    const com = await call(t.app, 'GET', '/api/affiliates/commissions', { token: ref.token });
    expect(com.body.data.totals.earned).toBe(1000);
  });

  it('monthly → Lifetime cancels the monthly plan at once and refunds its unused days, prorated', async () => {
    now = new Date('2026-05-01T12:00:00Z');
    const m = await registerUser(t.app);
    const { user } = await buy(m.token);
    // Ten days into May 1 → June 1 (31 days): 21 whole days left → $50.00 × 21 / 31 = $33.87.
    now = new Date('2026-05-11T12:00:00Z');
    const { user: after } = await buy(m.token, 'lifetime');
    expect(after).toMatchObject({ role: 'Pro', subscriptionTier: 'Lifetime' });
    const f = await call(t.app, 'POST', '/api/subs/fetch', { token: m.token });
    expect(f.body.data.subscription).toMatchObject({ level: 'lifetime', status: 'active' });
    expect(f.body.data.next_renewal).toBeNull();
    expect(
      f.body.data.invoices.data.map((i: { amount_paid: number; amount_refunded: number }) => [i.amount_paid, i.amount_refunded]),
    ).toEqual([
      [49900, 0],
      [5000, 3387],
    ]);
    const monthly = await call(t.app, 'POST', '/api/subs/fetch', {
      token: m.token,
      body: { subscriptionId: user.stripeSubscriptionId },
    });
    expect(monthly.body.data.subscription).toMatchObject({ status: 'canceled', cancelable: false });
    const refund = (await mails(m.email)).find(
      (x) => x.subject === 'RoundUp refund: $33.87 for the unused part of your monthly plan',
    )!;
    expect(refund.body).toContain('(21 of 31 days): $33.87');
    expect(refund.body).toContain('Date: May 11, 2026');
    expect(refund.body).toContain('You have Lifetime access');
    expect(f.body.data.notices[0].subject).toBe(refund.subject);
    expect(await subjects(m.email)).toEqual([
      'RoundUp receipt: $50.00 for Pro (monthly)',
      'RoundUp receipt: $499.00 for Lifetime',
      'RoundUp refund: $33.87 for the unused part of your monthly plan',
    ]);
  });

  it('receipts: one email per payment, refund and cancellation, however often the member confirms or reloads', async () => {
    now = new Date('2026-06-01T12:00:00Z');
    const m = await registerUser(t.app);
    const { id } = await buy(m.token);
    await call(t.app, 'POST', '/api/subs/register-success', { token: m.token, body: { sessionId: id } });
    await call(t.app, 'POST', `/api/subs/test-checkout/${id}/pay`, { token: m.token });
    const receipt = (await mails(m.email)).find((x) => x.subject === 'RoundUp receipt: $50.00 for Pro (monthly)')!;
    expect(receipt.body).toContain('Amount: $50.00');
    expect(receipt.body).toContain('Date: June 01, 2026');
    expect(receipt.body).toContain('Next renewal: July 01, 2026 ($50.00)');
    const f = await call(t.app, 'POST', '/api/subs/fetch', { token: m.token });
    expect(f.body.data.next_renewal).toEqual({ date: Date.parse('2026-07-01T12:00:00Z') / 1000, amount: 5000 });
    const res = await call(t.app, 'POST', '/api/subs/cancel-subscription', { token: m.token });
    expect(res.body.data.outcome).toBe('refunded');
    await call(t.app, 'POST', '/api/subs/fetch', { token: m.token });
    expect(await subjects(m.email)).toEqual(['RoundUp receipt: $50.00 for Pro (monthly)', 'RoundUp refund: $50.00']);
    expect((await mails(m.email))[2].body).toContain('You are now on Starter.');

    // After 7 days: one "cancelled" email with the end of access, even when cancel is sent twice.
    const s = await registerUser(t.app);
    await buy(s.token);
    now = new Date('2026-06-10T12:00:00Z');
    await Promise.all([
      call(t.app, 'POST', '/api/subs/cancel-subscription', { token: s.token }),
      call(t.app, 'POST', '/api/subs/cancel-subscription', { token: s.token }),
    ]);
    expect(await subjects(s.email)).toEqual([
      'RoundUp receipt: $50.00 for Pro (monthly)',
      'Your RoundUp Pro membership is cancelled',
    ]);
    const cancelled = (await mails(s.email)).find((x) => x.subject === 'Your RoundUp Pro membership is cancelled')!;
    expect(cancelled.body).toContain('End of access: July 01, 2026');
    expect(cancelled.body).toContain('You still have Pro until July 01, 2026; it will not renew.');
  });
});

describe('cancel and refund messages state the member’s real state afterwards', () => {
  it('a member with Pro granted by an admin is not told "Starter" after a lifetime refund', async () => {
    const g = await registerUser(t.app);
    await t.database.query("update users set role = 'Pro', granted_role = 'Pro' where id = $1", [g.user._id]);
    await buy(g.token, 'lifetime');
    const res = await call(t.app, 'POST', '/api/subs/cancel-subscription', { token: g.token });
    expect(res.body.data.outcome).toBe('refunded');
    expect(res.body.data.msg).not.toMatch(/Starter/);
    expect(res.body.data.msg).toContain('you keep the Pro access an admin granted you');
    expect((await call(t.app, 'GET', '/api/auth/me', { token: g.token })).body.data.user.role).toBe('Pro');
  });

  it('a scheduled cancellation says until when Pro lasts; a refund back to Starter says Starter', async () => {
    now = new Date('2026-07-01T12:00:00Z');
    const m = await registerUser(t.app);
    await buy(m.token);
    now = new Date('2026-07-09T12:00:00Z');
    const res = await call(t.app, 'POST', '/api/subs/cancel-subscription', { token: m.token });
    expect(res.body.data.msg).toBe(
      'Your membership is cancelled and will end on August 01, 2026. You still have Pro until August 01, 2026; it will not renew.',
    );
    const r = await registerUser(t.app);
    await buy(r.token);
    const refunded = await call(t.app, 'POST', '/api/subs/cancel-subscription', { token: r.token });
    expect(refunded.body.data.msg).toBe(
      'Your membership was cancelled and your payment of $50.00 was refunded in full. You are now on Starter.',
    );
  });
});

describe('a failed renewal on the local test checkout', () => {
  it('a declined renewal keeps Pro, shows the banner and the failed invoice, emails once; paying clears it', async () => {
    const m = await registerUser(t.app);
    await buyMembership(t.app, m.token);
    const renew = (outcome: string) =>
      call(t.app, 'POST', '/api/subs/test-checkout/renew', { token: m.token, body: { outcome } });
    const failed = await renew('failed');
    expect(failed.body.data.status).toBe('past_due');
    const alert = await call(t.app, 'GET', '/api/subs/alert', { token: m.token });
    expect(alert.body.data.payment_failed).toMatchObject({ invoice_id: failed.body.data.invoice, amount: 5000 });
    expect((await call(t.app, 'GET', '/api/auth/me', { token: m.token })).body.data.user.role).toBe('Pro');
    const f = await call(t.app, 'POST', '/api/subs/fetch', { token: m.token, body: {} });
    expect(f.body.data.invoices.data[0]).toMatchObject({ id: failed.body.data.invoice, status: 'failed' });
    expect(f.body.data.summary).toMatch(/^Your Pro payment of \$50\.00 is past due/);
    // Declined again: the same invoice, still one notice.
    expect((await renew('failed')).body.data.invoice).toBe(failed.body.data.invoice);
    const { rows } = await t.database.query('select id from billing_notices where user_id = $1 and kind = $2', [
      m.user._id,
      'payment-failed',
    ]);
    expect(rows).toHaveLength(1);
    const portal = await call(t.app, 'POST', '/api/subs/portal', { token: m.token });
    expect(portal.body.data.url).toBe('http://localhost:3000/settings/subscription');
    const page = await t.app.inject({ method: 'GET', url: `/api/subs/test-checkout/invoices/${failed.body.data.invoice}` });
    expect(page.body).toContain('<th align="left">Amount</th><td>$50.00</td>');
    expect(page.body).toContain('<th align="left">Status</th><td>payment failed</td>');

    expect((await renew('paid')).body.data).toEqual({ status: 'active', invoice: failed.body.data.invoice });
    expect((await call(t.app, 'GET', '/api/subs/alert', { token: m.token })).body.data.payment_failed).toBeNull();
    expect((await renew('refused')).status).toBe(400);
    const starter = await registerUser(t.app);
    const none = await call(t.app, 'POST', '/api/subs/test-checkout/renew', { token: starter.token, body: { outcome: 'paid' } });
    expect(none.status).toBe(400);
  });
});
