import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInMarketTz } from '@roundup/shared';
import { webPushSender } from '../../adapters/push';
import type { FakeStripe } from '../../../test/fake-stripe';
import { call, registerUser, type TestApp } from '../../../test/helpers';
import { startPushPeer, type PushPeer } from '../../../test/push/peer';
import { drainDeliveries, recordingAdapters } from '../../../test/recording-adapters';
import { deliverEvent, meOf, startStripeApp } from '../../../test/stripe-harness';

/**
 * A renewal whose payment failed is told once per invoice on the member's channels (decision 040):
 * email always, SMS, WhatsApp and web push when the member has them on, through the notification queue; a
 * replayed webhook or a second failed attempt on the same invoice tells nothing new, the next
 * invoice's failure tells again. On objects built from Stripe's fixtures, with signed webhooks.
 */
let t: TestApp;
let fake: FakeStripe;
let stop: () => Promise<unknown>;
let peer: PushPeer;
const { mails, texts, adapters } = recordingAdapters();

beforeAll(async () => {
  peer = await startPushPeer();
  ({
    t,
    fake,
    close: stop,
  } = await startStripeApp(() => new Date(), { ...adapters, config: { PUSH_ALLOWED_HOSTS: ['127.0.0.1'] } }));
  // The real web-push adapter, to a local push service that decrypts what the browser would read.
  t.app.ctx.push = webPushSender(t.app.ctx.config.vapid, { agent: peer.agent });
});
afterAll(async () => {
  await stop?.();
  await peer?.close();
});

const deliver = (event: object) => deliverEvent(t.app, event);
const CARD_PAGE = 'http://localhost:3000/billing/update-card';
const byDate = (secs: number) => formatInMarketTz(new Date(secs * 1000), 'MMMM dd, yyyy');
const sentence = (secs: number) => `Your $50.00 payment failed; update your card by ${byDate(secs)}: ${CARD_PAGE}`;

/** A member who bought Pro through checkout, with the phone and channels given. */
async function proMember(channels: { sms?: boolean; whatsapp?: boolean; verified?: boolean } = {}) {
  const u = await registerUser(t.app, { verified: channels.verified ?? true });
  await t.database.query(
    `update users set phone = $2, phone_validated = true, notify_rsa_sms = $3, notify_rsa_whatsapp = $4 where id = $1`,
    [u.user._id, `+1555${String(Date.now()).slice(-7)}`, channels.sms ?? false, channels.whatsapp ?? false],
  );
  const res = await call(t.app, 'POST', '/api/subs/session', { token: u.token, body: {} });
  const paid = fake.complete(res.body.data.session.id);
  expect((await deliver(fake.event('checkout.session.completed', paid.session))).statusCode).toBe(200);
  expect((await meOf(t.app, u.token)).role).toBe('Pro');
  const phone = (await t.database.query<{ phone: string }>('select phone from users where id = $1', [u.user._id])).rows[0].phone;
  return { u, sub: paid.subscription!, phone };
}

/** What the member got about failed payments, after the notification worker ran. */
async function told(email: string, phone: string, device?: string) {
  await drainDeliveries(t.app.ctx);
  return {
    mails: mails.filter((m) => m.to === email && m.subject.includes('failed')),
    texts: texts.filter((x) => x.to === phone),
    pushes: peer.received.filter((r) => r.subscription === device).map((r) => JSON.parse(r.text)),
  };
}

describe('a failed renewal is told once per invoice on the member’s channels', () => {
  it('one email, one SMS and one push with the amount, the date and the card page; replays and a second attempt add nothing; the next invoice tells again', async () => {
    const { u, sub, phone } = await proMember({ sms: true });
    const device = peer.subscribe();
    const on = await call(t.app, 'POST', '/api/notifications/push/subscribe', { token: u.token, body: device });
    expect(on.status).toBe(200);
    const failed = fake.renew(sub.id, 'failed');
    const firstBy = failed.invoice.next_payment_attempt as number;
    const ev = fake.event('invoice.payment_failed', failed.invoice);
    expect((await deliver(ev)).statusCode).toBe(200);
    let got = await told(u.email, phone, device.id);
    expect(got.mails.map((m) => m.subject)).toEqual(['Your RoundUp payment of $50.00 failed']);
    expect(got.mails[0].text).toContain(sentence(failed.invoice.next_payment_attempt));
    expect(got.mails[0].text).toContain(`Update your card: ${CARD_PAGE}`);
    expect(got.mails[0].html).toContain(`<a href="${CARD_PAGE}">Update your card</a>`);
    // A transactional notice: no unsubscribe link.
    expect(got.mails[0].text).not.toContain('Unsubscribe');
    expect(got.texts).toEqual([{ channel: 'sms', to: phone, body: `RoundUp: ${sentence(failed.invoice.next_payment_attempt)}` }]);

    // Stripe sends the same event again, then retries the card and fails again on the same invoice.
    expect((await deliver(ev)).statusCode).toBe(200);
    Object.assign(failed.invoice, { attempt_count: 2, next_payment_attempt: failed.invoice.next_payment_attempt + 2 * 86400 });
    expect((await deliver(fake.event('invoice.payment_failed', failed.invoice))).statusCode).toBe(200);
    got = await told(u.email, phone, device.id);
    expect(got.mails).toHaveLength(1);
    expect(got.texts).toHaveLength(1);
    expect(got.pushes).toHaveLength(1);

    // The member's card is fixed; a month later the next renewal fails: a new invoice, told again.
    const paid = fake.payInvoice(failed.invoice.id);
    await deliver(fake.event('invoice.paid', paid.invoice));
    const next = fake.renew(sub.id, 'failed', failed.invoice.created + 30 * 86400);
    expect(next.invoice.id).not.toBe(failed.invoice.id);
    expect((await deliver(fake.event('invoice.payment_failed', next.invoice))).statusCode).toBe(200);
    got = await told(u.email, phone, device.id);
    expect(got.mails).toHaveLength(2);
    expect(got.pushes.map((m) => m.body)).toEqual([sentence(firstBy), sentence(next.invoice.next_payment_attempt)]);
    expect(got.texts.map((x) => x.body)).toEqual([
      `RoundUp: ${sentence(firstBy)}`,
      `RoundUp: ${sentence(next.invoice.next_payment_attempt)}`,
    ]);
    const { rows } = await t.database.query<{ channel: string; status: string }>(
      `select channel, status from notification_deliveries where user_id = $1 order by channel, created_at`,
      [u.user._id],
    );
    expect(rows).toEqual([
      { channel: 'email', status: 'sent' },
      { channel: 'email', status: 'sent' },
      { channel: 'push', status: 'sent' },
      { channel: 'push', status: 'sent' },
      { channel: 'sms', status: 'sent' },
      { channel: 'sms', status: 'sent' },
    ]);
  });

  it('WhatsApp when it is on; email even to an address not yet verified; SMS off sends none', async () => {
    const { u, sub, phone } = await proMember({ whatsapp: true, verified: false });
    const failed = fake.renew(sub.id, 'failed');
    expect((await deliver(fake.event('invoice.payment_failed', failed.invoice))).statusCode).toBe(200);
    const got = await told(u.email, phone);
    expect(got.mails.map((m) => m.subject)).toEqual(['Your RoundUp payment of $50.00 failed']);
    expect(got.texts).toEqual([
      { channel: 'whatsapp', to: phone, body: `RoundUp: ${sentence(failed.invoice.next_payment_attempt)}` },
    ]);
  });
});
