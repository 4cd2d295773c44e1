import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type TestApp } from '../../../test/helpers';
import type { FakeStripe } from '../../../test/fake-stripe';
import { deliverEvent, mailsTo, meOf, signatureFor, startStripeApp } from '../../../test/stripe-harness';

/** The Stripe adapter, through the real `stripe` SDK pointed at a local server, with signed webhooks. */
const DAY = 86_400_000;

let t: TestApp;
let fake: FakeStripe;
let stop: () => Promise<unknown>;
let now = new Date();

beforeAll(async () => {
  ({ t, fake, close: stop } = await startStripeApp(() => now));
});
afterAll(() => stop?.());

describe('GET /api/site with Stripe', () => {
  it('shows the prices Stripe holds for the configured price ids', async () => {
    const res = await call(t.app, 'GET', '/api/site');
    expect(res.body.data.prices).toEqual({
      pro: { amount: 5000, currency: 'usd', interval: 'month' },
      lifetime: { amount: 49900, currency: 'usd', interval: null },
    });
  });
});

const deliver = (event: object, opts: Parameters<typeof deliverEvent>[2] = {}) => deliverEvent(t.app, event, opts);
const me = (token: string) => meOf(t.app, token);
async function count(table: string, where = 'true', params: unknown[] = []) {
  const { rows } = await t.database.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params);
  return rows[0].n;
}

async function startPro(token: string) {
  const res = await call(t.app, 'POST', '/api/subs/session', { token, body: {} });
  expect(res.status).toBe(200);
  return res.body.data.session as { id: string; url: string };
}

describe('Stripe checkout', () => {
  it('pro: a subscription-mode session for a customer created on first checkout; the webhook upgrades', async () => {
    const u = await registerUser(t.app);
    const session = await startPro(u.token);
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);
    const s = fake.get(session.id)!;
    expect(s).toMatchObject({
      mode: 'subscription',
      client_reference_id: u.user._id,
      success_url: 'http://localhost:3000/register/success/{CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/services',
      _price: 'price_pro',
    });
    const user = await me(u.token);
    expect(user.stripeCustomerId).toBe(s.customer);
    expect(fake.get(s.customer)!.metadata.userId).toBe(u.user._id);
    // A second checkout reuses the customer.
    const again = await startPro(u.token);
    expect(fake.get(again.id)!.customer).toBe(s.customer);
    expect(fake.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);

    // Not paid yet: register-success refuses.
    expect(
      (await call(t.app, 'POST', '/api/subs/register-success', { token: u.token, body: { sessionId: session.id } })).status,
    ).toBe(400);
    const { session: paid, subscription } = fake.complete(session.id);
    const res = await deliver(fake.event('checkout.session.completed', paid));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ received: true, duplicate: false });
    expect(await me(u.token)).toMatchObject({ role: 'Pro', subscriptionTier: 'Pro', stripeSubscriptionId: subscription!.id });
    const ok = await call(t.app, 'POST', '/api/subs/register-success', { token: u.token, body: { sessionId: session.id } });
    expect(ok.body.data.user).toMatchObject({ role: 'Pro', subscriptionTier: 'Pro' });
    const f = await call(t.app, 'POST', '/api/subs/fetch', { token: u.token, body: { subscriptionId: subscription!.id } });
    expect(f.body.data.subscription).toMatchObject({ status: 'active', quantity: 1, items: { total_count: 1 } });
    expect(f.body.data.subscription.items.data[0].price.unit_amount).toBe(5000);
    expect(f.body.data.invoices.data[0].hosted_invoice_url).toMatch(/^https:\/\/invoice\.stripe\.test\//);
  });

  it('lifetime: a payment-mode session with an invoice; register-success alone grants Lifetime', async () => {
    const u = await registerUser(t.app);
    const res = await call(t.app, 'POST', '/api/subs/lifetime', { token: u.token, body: { priceId: 'price_life' } });
    expect(res.status).toBe(200);
    const s = fake.get(res.body.data.session.id)!;
    expect(s).toMatchObject({ mode: 'payment', _price: 'price_life', _invoice_creation: true });
    expect((await call(t.app, 'POST', '/api/subs/lifetime', { token: u.token, body: { priceId: 'price_pro' } })).status).toBe(
      400,
    );
    fake.complete(s.id);
    const ok = await call(t.app, 'POST', '/api/subs/register-success', { token: u.token, body: { sessionId: s.id } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ role: 'Pro', subscriptionTier: 'Lifetime' });
    const f = await call(t.app, 'POST', '/api/subs/fetch', { token: u.token });
    expect(f.body.data.subscription).toMatchObject({ level: 'lifetime', status: 'active' });
    expect(f.body.data.invoices.data[0].amount_paid).toBe(49900);
  });
});

describe('Stripe webhooks', () => {
  it('a bad signature or a stale timestamp answers 400 and changes nothing', async () => {
    const u = await registerUser(t.app);
    const session = await startPro(u.token);
    const { session: paid } = fake.complete(session.id);
    const event = fake.event('checkout.session.completed', paid);
    const cases = [
      await deliver(event, { secret: 'whsec_wrong' }),
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      await deliver(event, { signature: 't=1,v1=deadbeef' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/subs/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event),
      }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json().data).toBeNull();
    }
    // A tampered body with a signature made for another body.
    const header = signatureFor(event);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/subs/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: JSON.stringify({ ...event, type: 'invoice.paid' }),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await me(u.token)).toMatchObject({ role: 'User', subscriptionTier: 'Starter' });
    expect(await count('webhook_events', 'id = $1', [event.id])).toBe(0);
    expect(await count('memberships', 'user_id = $1', [u.user._id])).toBe(0);
    // Within the tolerance it is accepted.
    expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 200 })).statusCode).toBe(200);
    expect((await me(u.token)).role).toBe('Pro');
  });

  it('the same event delivered 10 times, one by one and concurrently, upgrades once and credits one commission', async () => {
    const ref = await registerUser(t.app);
    const u = await registerUser(t.app, { refId: ref.user.username });
    const session = await startPro(u.token);
    const { session: paid, invoice } = fake.complete(session.id);
    const event = fake.event('checkout.session.completed', paid);
    const first = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(first.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(first.filter((r) => r.json().data.duplicate === false)).toHaveLength(1);
    const sinceAfterFirst = (await me(u.token)).memberSince;
    for (let i = 0; i < 10; i++) expect((await deliver(event)).json().data.duplicate).toBe(true);
    // invoice.paid for the same invoice, also 10 times at once: still one commission.
    const invEvent = fake.event('invoice.paid', invoice);
    await Promise.all(Array.from({ length: 10 }, () => deliver(invEvent)));
    expect(await me(u.token)).toMatchObject({ role: 'Pro', subscriptionTier: 'Pro', memberSince: sinceAfterFirst });
    expect(await count('webhook_events', 'id in ($1, $2)', [event.id, invEvent.id])).toBe(2);
    expect(await count('memberships', 'user_id = $1', [u.user._id])).toBe(1);
    expect(await count('invoices', 'user_id = $1', [u.user._id])).toBe(1);
    expect(await count('commissions', 'referrer_id = $1', [ref.user._id])).toBe(1);
    const com = await call(t.app, 'GET', '/api/affiliates/commissions', { token: ref.token });
    expect(com.body.data.totals).toEqual({ earned: 1000, pending: 1000, paid: 0 });
  });

  it('events out of order (invoice paid before checkout completed) end in the right state', async () => {
    const ref = await registerUser(t.app);
    const u = await registerUser(t.app, { refId: ref.user.username });
    const session = await startPro(u.token);
    const { session: paid, subscription, invoice } = fake.complete(session.id);
    const created = fake.event('customer.subscription.created', { ...subscription!, status: 'incomplete' });
    const updated = fake.event('customer.subscription.updated', subscription!);
    const invPaid = fake.event('invoice.paid', invoice);
    const completed = fake.event('checkout.session.completed', paid);
    // Newest first: the stale "incomplete" snapshot arrives last and must not downgrade.
    for (const ev of [invPaid, updated, completed, created]) expect((await deliver(ev)).statusCode).toBe(200);
    expect(await me(u.token)).toMatchObject({ role: 'Pro', subscriptionTier: 'Pro', stripeSubscriptionId: subscription!.id });
    expect(await count('commissions', 'referrer_id = $1', [ref.user._id])).toBe(1);

    // A failed renewal keeps access while Stripe retries; unpaid at the end sends the member back to Starter.
    subscription!.status = 'past_due';
    await deliver(fake.event('invoice.payment_failed', { ...invoice, id: invoice.id }));
    expect((await me(u.token)).role).toBe('Pro');
    subscription!.status = 'unpaid';
    await deliver(fake.event('customer.subscription.updated', subscription!));
    expect(await me(u.token)).toMatchObject({ role: 'User', subscriptionTier: 'Starter' });
  });

  it('cancel within 7 days: canceled now and refunded in full; the charge.refunded webhook changes nothing more', async () => {
    const ref = await registerUser(t.app);
    const u = await registerUser(t.app, { refId: ref.user.username });
    const session = await startPro(u.token);
    const { session: paid, subscription, invoice } = fake.complete(session.id);
    await deliver(fake.event('checkout.session.completed', paid));
    now = new Date(Date.now() + 3 * DAY);
    const res = await call(t.app, 'POST', '/api/subs/cancel-subscription', {
      token: u.token,
      body: { subscriptionId: subscription!.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ outcome: 'refunded', refundAmount: 5000 });
    expect(fake.get(subscription!.id)!.status).toBe('canceled');
    const charge =
      fake.get(fake.get(invoice.id)!._payment_intent) ??
      [...fake.objects.values()].find((o) => o.object === 'charge' && o.payment_intent === invoice._payment_intent)!;
    expect(charge.amount_refunded).toBe(5000);
    expect(fake.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    expect(await me(u.token)).toMatchObject({ role: 'User', subscriptionTier: 'Starter' });
    await deliver(fake.event('charge.refunded', charge));
    await deliver(fake.event('customer.subscription.deleted', fake.get(subscription!.id)!));
    expect(await me(u.token)).toMatchObject({ role: 'User', subscriptionTier: 'Starter' });
    const com = await call(t.app, 'GET', '/api/affiliates/commissions', { token: ref.token });
    expect(com.body.data.totals.earned).toBe(0);
    now = new Date();
  });

  it('cancel after 7 days: set to cancel at period end, Pro until Stripe ends it', async () => {
    const u = await registerUser(t.app);
    const session = await startPro(u.token);
    const { session: paid, subscription } = fake.complete(session.id);
    await deliver(fake.event('checkout.session.completed', paid));
    now = new Date(Date.now() + 8 * DAY);
    const res = await call(t.app, 'POST', '/api/subs/cancel-subscription', { token: u.token });
    expect(res.body.data).toMatchObject({ outcome: 'scheduled', refundAmount: 0 });
    expect(res.body.data.accessUntil).toBe(new Date(subscription!.items.data[0].current_period_end * 1000).toISOString());
    expect(fake.get(subscription!.id)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(
      fake.requests.filter(
        (r) => r.path === '/v1/refunds' && r.body.payment_intent === fake.get(subscription!.latest_invoice)!._payment_intent,
      ),
    ).toHaveLength(0);
    await deliver(fake.event('customer.subscription.updated', fake.get(subscription!.id)!));
    expect(await me(u.token)).toMatchObject({ role: 'Pro', subscriptionTier: 'Pro' });
    // The period ends: Stripe cancels and tells us.
    const sub = fake.get(subscription!.id)!;
    sub.status = 'canceled';
    await deliver(fake.event('customer.subscription.deleted', sub));
    expect(await me(u.token)).toMatchObject({ role: 'User', subscriptionTier: 'Starter' });
    now = new Date();
  });
});

const mails = (email: string) => mailsTo(t.database, email);
const subjects = async (email: string) => (await mails(email)).map((m) => m.subject);

/** Another Pro session for the member, opened outside this server (another instance, a tab from before): nothing stopped it. */
function strayProSession(customer: string, userId: string) {
  const metadata = { userId, level: 'pro' };
  return fake.openSession({
    mode: 'subscription',
    customer,
    client_reference_id: userId,
    line_items: [{ price: 'price_pro', quantity: '1' }],
    metadata,
    subscription_data: { metadata },
  });
}

describe('one paid plan per member (decision 009)', () => {
  async function twoPaidPro() {
    const u = await registerUser(t.app);
    const a = await startPro(u.token);
    const b = strayProSession(fake.get(a.id)!.customer, u.user._id);
    const paidA = fake.complete(a.id);
    const paidB = fake.complete(b.id);
    return { u, paidA, paidB };
  }
  async function expectOnePlanOneRefund(u: { token: string; email: string; user: { _id: string } }, subs: string[]) {
    const states = subs.map((id) => fake.get(id)!.status).sort();
    expect(states).toEqual(['active', 'canceled']);
    const refunds = fake.requests.filter(
      (r) =>
        r.path === '/v1/refunds' &&
        subs.some((id) => fake.get(fake.get(id)!.latest_invoice)!._payment_intent === r.body.payment_intent),
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0].body.amount).toBe('5000');
    const kept = subs.find((id) => fake.get(id)!.status === 'active')!;
    expect(await me(u.token)).toMatchObject({ role: 'Pro', subscriptionTier: 'Pro', stripeSubscriptionId: kept });
    expect(await count('memberships', "user_id = $1 and status = 'active' and refunded_at is null", [u.user._id])).toBe(1);
    const got = await subjects(u.email);
    expect(got.filter((s) => s === 'RoundUp receipt: $50.00 for Pro (monthly)')).toHaveLength(2);
    expect(got.filter((s) => s === 'RoundUp refund: $50.00 for a duplicate payment')).toHaveLength(1);
    const f = await call(t.app, 'POST', '/api/subs/fetch', { token: u.token });
    expect(f.body.data.subscription).toMatchObject({ id: kept, status: 'active' });
    expect(f.body.data.notices.map((n: { subject: string }) => n.subject)).toContain(
      'RoundUp refund: $50.00 for a duplicate payment',
    );
    expect(f.body.data.notices.find((n: { kind: string }) => n.kind === 'refund').body).toContain(
      'You paid twice for RoundUp Pro (monthly)',
    );
  }

  it('two Pro checkouts both paid, checkout.session.completed first: one plan stays, the second is cancelled and refunded, the member is told', async () => {
    const { u, paidA, paidB } = await twoPaidPro();
    for (const ev of [
      fake.event('checkout.session.completed', paidA.session),
      fake.event('checkout.session.completed', paidB.session),
      fake.event('invoice.paid', paidB.invoice),
      fake.event('invoice.paid', paidA.invoice),
    ])
      expect((await deliver(ev)).statusCode).toBe(200);
    await expectOnePlanOneRefund(u, [paidA.subscription!.id, paidB.subscription!.id]);
    // Stripe then reports what we did: nothing changes and nothing more is sent.
    const before = (await mails(u.email)).length;
    const loser = [paidA, paidB].find((p) => fake.get(p.subscription!.id)!.status === 'canceled')!;
    await deliver(fake.event('customer.subscription.deleted', fake.get(loser.subscription!.id)!));
    await deliver(
      fake.event(
        'charge.refunded',
        [...fake.objects.values()].find((o) => o.object === 'charge' && o.payment_intent === loser.invoice._payment_intent)!,
      ),
    );
    expect((await mails(u.email)).length).toBe(before);
    expect((await me(u.token)).role).toBe('Pro');
  });

  it('two Pro checkouts both paid, invoice.paid before checkout.session.completed, delivered at once: still one plan and one refund', async () => {
    const { u, paidA, paidB } = await twoPaidPro();
    const res = await Promise.all([
      deliver(fake.event('invoice.paid', paidB.invoice)),
      deliver(fake.event('invoice.paid', paidA.invoice)),
      deliver(fake.event('checkout.session.completed', paidB.session)),
      deliver(fake.event('checkout.session.completed', paidA.session)),
    ]);
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // The return page of either tab confirms afterwards: nothing more happens.
    await call(t.app, 'POST', '/api/subs/register-success', { token: u.token, body: { sessionId: paidA.session.id } });
    await expectOnePlanOneRefund(u, [paidA.subscription!.id, paidB.subscription!.id]);
  });

  it('a double click or a second tab gets the open session back; Lifetime expires the open Pro session', async () => {
    const u = await registerUser(t.app);
    const created = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').length;
    const before = created();
    const [a, b] = await Promise.all([startPro(u.token), startPro(u.token)]);
    expect(b.id).toBe(a.id);
    expect(created() - before).toBe(1);
    const life = await call(t.app, 'POST', '/api/subs/lifetime', { token: u.token, body: {} });
    expect(life.status).toBe(200);
    expect(fake.requests.some((r) => r.path === `/v1/checkout/sessions/${a.id}/expire`)).toBe(true);
    expect(fake.get(a.id)!.status).toBe('expired');
    expect(() => fake.complete(a.id)).toThrow(/expired/);
    expect(await count('checkout_sessions', "user_id = $1 and status = 'open'", [u.user._id])).toBe(1);
  });

  it('monthly → Lifetime: the monthly subscription is cancelled at once and the unused days refunded, prorated; the member sees it and gets an email', async () => {
    const u = await registerUser(t.app);
    const pro = await startPro(u.token);
    const { session, subscription, invoice } = fake.complete(pro.id);
    await deliver(fake.event('checkout.session.completed', session));
    // 10 days and an hour into the 30-day period: 20 days are left (the day begun counts) → $50.00 × 20 / 30 = $33.33.
    now = new Date(subscription!.created * 1000 + 10 * DAY + 3_600_000);
    const res = await call(t.app, 'POST', '/api/subs/lifetime', { token: u.token, body: {} });
    expect(res.status).toBe(200);
    const life = fake.complete(res.body.data.session.id);
    expect((await deliver(fake.event('checkout.session.completed', life.session))).statusCode).toBe(200);

    expect(fake.get(subscription!.id)!.status).toBe('canceled');
    const refunds = fake.requests.filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === invoice._payment_intent);
    expect(refunds.map((r) => r.body.amount)).toEqual(['3333']);
    expect(await me(u.token)).toMatchObject({ role: 'Pro', subscriptionTier: 'Lifetime' });
    const f = await call(t.app, 'POST', '/api/subs/fetch', { token: u.token });
    expect(f.body.data.subscription).toMatchObject({ level: 'lifetime', status: 'active' });
    expect(f.body.data.next_renewal).toBeNull();
    expect(f.body.data.summary).toBe('You have Lifetime access: it never renews and never lapses.');
    expect(f.body.data.invoices.data.find((i: { id: string }) => i.id === invoice.id).amount_refunded).toBe(3333);
    const refund = (await mails(u.email)).find(
      (m) => m.subject === 'RoundUp refund: $33.33 for the unused part of your monthly plan',
    )!;
    expect(refund.body).toContain('(20 of 30 days): $33.33');
    expect(refund.body).toContain('You have Lifetime access');
    expect(f.body.data.notices.some((n: { subject: string }) => n.subject === refund.subject)).toBe(true);
    // Stripe's own events about it afterwards send nothing more.
    const sent = (await mails(u.email)).length;
    await deliver(fake.event('customer.subscription.deleted', fake.get(subscription!.id)!));
    await deliver(fake.event('invoice.paid', life.invoice));
    expect((await mails(u.email)).length).toBe(sent);
    // The Lifetime receipt and the refund leave the queue together, in either order.
    expect((await subjects(u.email)).sort()).toEqual(
      [
        'Verify your RoundUp email',
        'RoundUp receipt: $50.00 for Pro (monthly)',
        'RoundUp receipt: $499.00 for Lifetime',
        'RoundUp refund: $33.33 for the unused part of your monthly plan',
      ].sort(),
    );
    now = new Date();
  });
});
