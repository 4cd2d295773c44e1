import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../test/factories';
import type { FakeStripe } from '../../../test/fake-stripe';
import { call, registerUser, type TestApp } from '../../../test/helpers';
import { drainDeliveries } from '../../../test/recording-adapters';
import { deliverEvent, mailsTo, meOf, startStripeApp } from '../../../test/stripe-harness';

/**
 * Billing that agrees with Stripe (decision 040), on objects built from Stripe's published fixtures
 * (test/fixtures/stripe) served by the local stand-in, with signed webhooks: refunds, failed
 * renewals, Stripe answering 404, prices not ours, and the daily reconciliation.
 */
const DAY = 86_400_000;
let t: TestApp;
let fake: FakeStripe;
let stop: () => Promise<unknown>;
let now = new Date();

beforeAll(async () => {
  ({ t, fake, close: stop } = await startStripeApp(() => now));
});
afterAll(() => stop?.());

const deliver = (event: object) => deliverEvent(t.app, event);
const me = (token: string) => meOf(t.app, token);
const subjects = async (email: string) => (await mailsTo(t.database, email)).map((m) => m.subject);
const fetchSubs = async (token: string) => (await call(t.app, 'POST', '/api/subs/fetch', { token })).body.data;
const cancels = (subId: string) => fake.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subId}`);

/** A member who bought Pro through checkout; the webhook has made them Pro. */
async function proMember() {
  const u = await registerUser(t.app);
  const res = await call(t.app, 'POST', '/api/subs/session', { token: u.token, body: {} });
  const paid = fake.complete(res.body.data.session.id);
  expect((await deliver(fake.event('checkout.session.completed', paid.session))).statusCode).toBe(200);
  expect(await me(u.token)).toMatchObject({ role: 'Pro', subscriptionTier: 'Pro' });
  return { u, sub: paid.subscription!, invoice: paid.invoice };
}

describe('refunds follow Stripe, not the refund alone', () => {
  it('a partial refund ($1 of a $50 invoice) changes nothing: still Pro, nothing cancelled, the next renewal stays Pro', async () => {
    const { u, sub, invoice } = await proMember();
    const charge = fake.dashboardRefund(invoice.id, 100);
    expect((await deliver(fake.event('charge.refunded', charge))).statusCode).toBe(200);
    expect(await me(u.token)).toMatchObject({ role: 'Pro', subscriptionTier: 'Pro' });
    expect(cancels(sub.id)).toHaveLength(0);
    expect(await subjects(u.email)).toContain('RoundUp refund: $1.00');
    const f = await fetchSubs(u.token);
    expect(f.subscription).toMatchObject({ id: sub.id, status: 'active', refunded: false });
    expect(f.invoices.data.find((i: { id: string }) => i.id === invoice.id).amount_refunded).toBe(100);

    now = new Date(Date.now() + 20 * DAY);
    const renewal = fake.renew(sub.id, 'paid');
    await deliver(fake.event('invoice.paid', renewal.invoice));
    await deliver(fake.event('customer.subscription.updated', renewal.subscription));
    expect(await me(u.token)).toMatchObject({ role: 'Pro', subscriptionTier: 'Pro' });
    now = new Date();
  });

  it('a full refund from the dashboard cancels the subscription at Stripe (audited), then access ends; the member is told once', async () => {
    const { u, sub, invoice } = await proMember();
    const charge = fake.dashboardRefund(invoice.id);
    expect((await deliver(fake.event('charge.refunded', charge))).statusCode).toBe(200);
    expect(cancels(sub.id)).toHaveLength(1);
    expect(fake.get(sub.id)!.status).toBe('canceled');
    expect(await me(u.token)).toMatchObject({ role: 'User', subscriptionTier: 'Starter' });
    const { rows } = await t.database.query<{ action: string }>('select action from audit_log where target_id = $1', [sub.id]);
    expect(rows.map((r) => r.action)).toEqual(['billing.cancel-after-refund']);
    // Stripe then reports the cancellation and the refund again: nothing more happens.
    await deliver(fake.event('customer.subscription.deleted', fake.get(sub.id)!));
    await deliver(fake.event('charge.refunded', charge));
    expect(cancels(sub.id)).toHaveLength(1);
    const got = await subjects(u.email);
    expect(got.filter((s) => s.startsWith('RoundUp refund'))).toEqual(['RoundUp refund: $50.00']);
    expect(got).not.toContain('Your RoundUp Pro membership has ended');
    expect((await fetchSubs(u.token)).summary).toBe('You are now on Starter.');
  });

  it('the 7-day promise refunds in full and cancels at Stripe in the same action; access ends', async () => {
    const { u, sub, invoice } = await proMember();
    now = new Date(Date.now() + 2 * DAY);
    const res = await call(t.app, 'POST', '/api/subs/cancel-subscription', { token: u.token, body: {} });
    expect(res.body.data).toMatchObject({ outcome: 'refunded', refundAmount: 5000 });
    expect(cancels(sub.id)).toHaveLength(1);
    expect(fake.chargeOf(invoice.id)!.amount_refunded).toBe(5000);
    expect(await me(u.token)).toMatchObject({ role: 'User', subscriptionTier: 'Starter' });
    await deliver(fake.event('charge.refunded', fake.chargeOf(invoice.id)!));
    expect(cancels(sub.id)).toHaveLength(1);
    now = new Date();
  });

  it('a refund is matched through Stripe’s invoice payments even when our invoice has no payment intent', async () => {
    const { u, invoice } = await proMember();
    await t.database.query('update invoices set payment_intent_id = null where id = $1', [invoice.id]);
    await deliver(fake.event('charge.refunded', fake.dashboardRefund(invoice.id, 500)));
    const f = await fetchSubs(u.token);
    expect(f.invoices.data.find((i: { id: string }) => i.id === invoice.id).amount_refunded).toBe(500);
    expect(fake.requests.some((r) => r.path === '/v1/invoice_payments' && r.query.payment?.payment_intent)).toBe(true);
  });

  it('a renewal after an access mismatch (an old refund rule left a paying member on Starter) makes them Pro again', async () => {
    const { u, sub } = await proMember();
    await t.database.query('update memberships set refunded_at = now() where id = $1', [sub.id]);
    await t.database.query(`update users set role = 'User', subscription_tier = 'Starter' where id = $1`, [u.user._id]);
    now = new Date(Date.now() + 20 * DAY);
    const renewal = fake.renew(sub.id, 'paid');
    expect((await deliver(fake.event('invoice.paid', renewal.invoice))).statusCode).toBe(200);
    expect(await me(u.token)).toMatchObject({ role: 'Pro', subscriptionTier: 'Pro' });
    expect((await fetchSubs(u.token)).subscription).toMatchObject({ status: 'active', refunded: false });
    now = new Date();
  });
});

describe('a failed renewal', () => {
  it('is told once, listed as failed, shown past due and in the banner; Pro lasts through the retries; paying clears it', async () => {
    const { u, sub } = await proMember();
    now = new Date(Date.now() + 20 * DAY);
    const failed = fake.renew(sub.id, 'failed');
    const ev = fake.event('invoice.payment_failed', failed.invoice);
    expect((await deliver(ev)).statusCode).toBe(200);
    await deliver(fake.event('invoice.payment_failed', failed.invoice));
    await deliver(fake.event('customer.subscription.updated', failed.subscription));
    await drainDeliveries(t.app.ctx);
    const mails = (await mailsTo(t.database, u.email)).filter((m) => m.subject.includes('failed'));
    expect(mails.map((m) => m.subject)).toEqual(['Your RoundUp payment of $50.00 failed']);
    expect(mails[0].body).toMatch(
      /Your \$50\.00 payment failed; update your card by \w+ \d\d, \d{4}: http:\/\/localhost:3000\/billing\/update-card/,
    );
    expect(await me(u.token)).toMatchObject({ role: 'Pro', subscriptionTier: 'Pro' });

    const f = await fetchSubs(u.token);
    expect(f.invoices.data.find((i: { id: string }) => i.id === failed.invoice.id)).toMatchObject({
      status: 'failed',
      amount_paid: 0,
    });
    expect(f.summary).toMatch(/^Your Pro payment of \$50\.00 is past due: update your card by /);
    expect(f.next_renewal).toBeNull();
    const alert = await call(t.app, 'GET', '/api/subs/alert', { token: u.token });
    expect(alert.body.data.payment_failed).toEqual({
      invoice_id: failed.invoice.id,
      amount: 5000,
      update_by: failed.invoice.next_payment_attempt,
    });
    const portal = await call(t.app, 'POST', '/api/subs/portal', { token: u.token });
    expect(portal.body.data.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    const asked = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(asked.body).toEqual({ customer: sub.customer, return_url: 'http://localhost:3000/settings/subscription' });

    // The member updates the card; Stripe's retry pays the invoice.
    const paid = fake.payInvoice(failed.invoice.id);
    await deliver(fake.event('invoice.paid', paid.invoice));
    expect((await call(t.app, 'GET', '/api/subs/alert', { token: u.token })).body.data.payment_failed).toBeNull();
    const after = await fetchSubs(u.token);
    expect(after.invoices.data.find((i: { id: string }) => i.id === failed.invoice.id).status).toBe('paid');
    expect(after.summary).toMatch(/^You are on Pro; it renews on /);
    now = new Date();
  });

  it('access ends when Stripe ends the subscription after its last retry; the banner goes', async () => {
    const { u, sub } = await proMember();
    const failed = fake.renew(sub.id, 'failed');
    await deliver(fake.event('invoice.payment_failed', failed.invoice));
    fake.get(sub.id)!.status = 'unpaid';
    await deliver(fake.event('customer.subscription.updated', fake.get(sub.id)!));
    expect(await me(u.token)).toMatchObject({ role: 'User', subscriptionTier: 'Starter' });
    expect((await call(t.app, 'GET', '/api/subs/alert', { token: u.token })).body.data.payment_failed).toBeNull();
  });

  it('the portal and the alert belong to the signed-in member', async () => {
    expect((await call(t.app, 'GET', '/api/subs/alert')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/subs/portal')).status).toBe(401);
    const starter = await registerUser(t.app);
    const res = await call(t.app, 'POST', '/api/subs/portal', { token: starter.token });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].msg).toBe('You have no billing account yet.');
  });
});

describe('no lost events', () => {
  it('a transient 404 on the re-read answers 503 and leaves the event unhandled; Stripe’s retry applies it', async () => {
    const u = await registerUser(t.app);
    const res = await call(t.app, 'POST', '/api/subs/session', { token: u.token, body: {} });
    const paid = fake.complete(res.body.data.session.id);
    const ev = fake.event('customer.subscription.created', paid.subscription!);
    fake.failNext(/^\/v1\/subscriptions\//, 404);
    const first = await deliver(ev);
    expect(first.statusCode).toBe(503);
    expect(first.json().errors[0].msg).toContain(`customer.subscription.created ${ev.id} not applied`);
    const { rows } = await t.database.query('select id from webhook_events where id = $1', [ev.id]);
    expect(rows).toHaveLength(0);
    fake.failNext(/^\/v1\/subscriptions\//, 401);
    expect((await deliver(ev)).statusCode).toBe(503);
    const retry = await deliver(ev);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toEqual({ received: true, duplicate: false });
    expect(await me(u.token)).toMatchObject({ role: 'Pro', subscriptionTier: 'Pro' });
  });

  it('a deleted object that is gone is handled once (200)', async () => {
    const ev = fake.event('customer.subscription.deleted', { id: 'sub_test_gone', object: 'subscription' });
    expect((await deliver(ev)).statusCode).toBe(200);
    expect((await deliver(ev)).json().data.duplicate).toBe(true);
  });
});

describe('only our prices', () => {
  it('a subscription to a price that is not ours grants nothing and is flagged to admins with the member and the price', async () => {
    const u = await registerUser(t.app);
    const start = await call(t.app, 'POST', '/api/subs/session', { token: u.token, body: {} });
    const customer = fake.get(start.body.data.session.id)!.customer;
    const metadata = { userId: u.user._id, level: 'pro' };
    const other = fake.openSession({
      mode: 'subscription',
      customer,
      client_reference_id: u.user._id,
      line_items: [{ price: 'price_other', quantity: '1' }],
      metadata,
      subscription_data: { metadata },
    });
    const paid = fake.complete(other.id);
    for (const ev of [
      fake.event('checkout.session.completed', paid.session),
      fake.event('invoice.paid', paid.invoice),
      fake.event('customer.subscription.updated', paid.subscription!),
    ])
      expect((await deliver(ev)).statusCode).toBe(200);
    expect(await me(u.token)).toMatchObject({ role: 'User', subscriptionTier: 'Starter' });
    expect(await subjects(u.email)).not.toContain('RoundUp receipt: $20.00 for Pro (monthly)');
    const admin = await member(t.app, 'Admin');
    const report = await call(t.app, 'GET', '/api/admin/billing/reconciliation', { token: admin.token });
    expect(report.body.data.flags).toContainEqual(
      expect.objectContaining({
        kind: 'foreign-price',
        user_id: u.user._id,
        username: u.user.username,
        object_id: paid.subscription!.id,
        price_id: 'price_other',
        resolved: null,
      }),
    );
    expect((await call(t.app, 'GET', '/api/admin/billing/reconciliation', { token: u.token })).status).toBe(403);
  });
});

describe('the daily reconciliation', () => {
  it('fixes what a re-read can fix, flags what it cannot, runs once a day, and reports on the admin page', async () => {
    // A: Pro here, but Stripe ended the subscription and the webhook was lost.
    const a = await proMember();
    fake.get(a.sub.id)!.status = 'canceled';
    // B: paid at Stripe, but the checkout's webhook never came.
    const b = await registerUser(t.app);
    const session = await call(t.app, 'POST', '/api/subs/session', { token: b.token, body: {} });
    const bPaid = fake.complete(session.body.data.session.id);
    // C: Pro here from a subscription Stripe does not have.
    const c = await proMember();
    fake.objects.delete(c.sub.id);
    // D: Pro on the member's record, with no plan at all.
    const d = await registerUser(t.app);
    await t.database.query(`update users set role = 'Pro', subscription_tier = 'Pro' where id = $1`, [d.user._id]);

    now = new Date(Date.now() + 2 * DAY);
    expect(await t.app.services.billing.runReconciliation()).toBe(true);
    expect(await t.app.services.billing.runReconciliation()).toBe(false);
    expect(await me(a.u.token)).toMatchObject({ subscriptionTier: 'Starter' });
    expect(await me(b.token)).toMatchObject({
      role: 'Pro',
      subscriptionTier: 'Pro',
      stripeSubscriptionId: bPaid.subscription!.id,
    });
    expect(await me(c.u.token)).toMatchObject({ subscriptionTier: 'Pro' });

    const admin = await member(t.app, 'Admin');
    const report = (await call(t.app, 'GET', '/api/admin/billing/reconciliation', { token: admin.token })).body.data;
    expect(report.runs[0]).toMatchObject({ error: null, fixed: 2, flagged: 2 });
    expect(report.runs[0].checked).toBeGreaterThanOrEqual(4);
    const flags = report.flags as { kind: string; user_id: string; object_id: string; resolved: number | null }[];
    expect(flags).toContainEqual(
      expect.objectContaining({ kind: 'access-without-payment', user_id: c.u.user._id, object_id: c.sub.id, resolved: null }),
    );
    expect(flags).toContainEqual(
      expect.objectContaining({ kind: 'access-without-payment', user_id: d.user._id, resolved: null }),
    );
    expect(flags.filter((f) => f.kind === 'fixed' && [a.u.user._id, b.user._id].includes(f.user_id))).toHaveLength(2);
    expect(flags.filter((f) => f.kind === 'fixed').every((f) => f.resolved !== null)).toBe(true);
    now = new Date();
  });

  it('names what stopped a run: Stripe answering 500, or our own database, never blaming Stripe for the database', async () => {
    const admin = await member(t.app, 'Admin');
    const lastRun = async () =>
      (await call(t.app, 'GET', '/api/admin/billing/reconciliation', { token: admin.token })).body.data.runs[0];

    fake.failNext(/^\/v1\/subscriptions/, 500, 2); // the first try and the adapter's one retry
    now = new Date(Date.now() + 4 * DAY);
    expect(await t.app.services.billing.runReconciliation()).toBe(true);
    expect(await lastRun()).toMatchObject({ error: 'Stripe answered 500' });

    // Our own table gone mid-run: the report must not send the admin to Stripe's status page.
    now = new Date(Date.now() + 6 * DAY);
    await t.database.query(`alter table memberships rename to memberships_away`);
    try {
      expect(await t.app.services.billing.runReconciliation()).toBe(true);
    } finally {
      await t.database.query(`alter table memberships_away rename to memberships`);
    }
    const run = await lastRun();
    expect(run.error).not.toBe('Stripe could not be read');
    expect(run.error).toMatch(/^Failed on our side, not at Stripe: .*memberships/);
    now = new Date();
  });
});
