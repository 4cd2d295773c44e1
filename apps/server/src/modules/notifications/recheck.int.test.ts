import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayInMarket } from '@roundup/shared';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';
import { insertBroker } from '../../../test/factories';
import { drainDeliveries, FAST_DELIVERY, recordingAdapters } from '../../../test/recording-adapters';
import { notificationsService } from './service';

/**
 * Preferences are re-checked when the worker picks a message up: a delivery queued before the
 * member turned it off (or the channel, or unsubscribed, lost Pro, was disabled, lost their phone)
 * is marked skipped with the reason, never sent.
 */

let t: TestApp;
const { mails, texts, discords, failNext, adapters } = recordingAdapters();
type Member = Awaited<ReturnType<typeof registerUser>>;
let admin: Member;

const service = () => notificationsService(t.app.ctx);
const runWorker = () => drainDeliveries(t.app.ctx);
// A Wednesday at 10:00 am New York: buying today is still open, so a buy reminder is due (after the
// close the worker would rightly skip it, which would make this file depend on the hour it runs).
const NOW = new Date('2026-12-02T15:00:00Z');
async function expand() {
  while ((await service().expandFanouts()) > 0);
}
interface Row {
  idem_key: string;
  user_id: string | null;
  channel: string;
  recipient: string;
  status: string;
  error: string | null;
}
const rowsOf = async (prefix: string) =>
  (
    await t.database.query<Row>(
      `select idem_key, user_id::text as user_id, channel, recipient, status, error from notification_deliveries where idem_key like $1 order by idem_key`,
      [`${prefix}%`],
    )
  ).rows;
const statusOf = async (prefix: string, userId: string, channel = 'email') =>
  (await rowsOf(prefix)).find((r) => r.user_id === userId && r.channel === channel);
const setPrefs = (m: Member, notifications: Record<string, boolean>) =>
  call(t.app, 'POST', '/api/users/update-self', { token: m.token, body: { notifications } });
const validatePhone = (m: Member, phone: string) =>
  t.database.query(`update users set phone = $2, phone_validated = true where id = $1`, [m.user.id, phone]);
async function announce(kind: 'general' | 'newsletter', subject: string) {
  const res = await call(t.app, 'POST', '/api/comms/send-announcement', {
    token: admin.token,
    body: { requestId: randomUUID(), kind, subject, message: `${subject} body` },
  });
  expect(res.status).toBe(200);
  await expand(); // the deliveries are queued now, before any member changes anything
  return `${kind}:`;
}

beforeAll(async () => {
  t = await createTestApp({
    mailer: adapters.mailer,
    sms: adapters.sms,
    whatsapp: adapters.whatsapp,
    discord: adapters.discord,
    clock: () => NOW,
  });
  admin = await registerUser(t.app, { verified: true });
  await setRole(t.database, admin.user.id, 'Admin');
  await setPrefs(admin, {
    rsa: false,
    upcomingRsa: false,
    buyReminderRsa: false,
    sellRsa: false,
    generalRsa: false,
    newsletter: false,
  });
}, 60_000);
afterAll(async () => t?.close());

describe('a queued announcement, then the member changes their mind', () => {
  let keep: Member;
  let turnedOff: Member;
  let unsubscribed: Member;
  let disabled: Member;
  let prefix: string;

  beforeAll(async () => {
    [keep, turnedOff, unsubscribed, disabled] = [
      await registerUser(t.app, { verified: true }),
      await registerUser(t.app, { verified: true }),
      await registerUser(t.app, { verified: true }),
      await registerUser(t.app, { verified: true }),
    ];
    mails.length = 0;
    prefix = await announce('newsletter', 'April newsletter');
    const queued = await rowsOf(prefix);
    expect(queued.map((r) => [r.user_id, r.status]).sort()).toEqual(
      [keep, turnedOff, unsubscribed, disabled].map((m) => [m.user.id, 'queued']).sort(),
    );
  });

  it('turned off in settings, unsubscribed by the link, disabled by an admin: skipped, not sent', async () => {
    expect((await setPrefs(turnedOff, { newsletter: false })).status).toBe(200);
    const link = new URL(service().unsubscribeUrl(unsubscribed.user.id, 'newsletter'));
    const oneClick = await t.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/users/admin-edit', { token: admin.token, body: { id: disabled.user.id, disabled: true } }))
        .status,
    ).toBe(200);

    await runWorker();
    expect(mails.filter((m) => m.subject === 'April newsletter').map((m) => m.to)).toEqual([keep.email]);
    expect(await statusOf(prefix, keep.user.id)).toMatchObject({ status: 'sent', error: null });
    expect(await statusOf(prefix, turnedOff.user.id)).toMatchObject({ status: 'skipped', error: 'Turned off the newsletter' });
    expect(await statusOf(prefix, unsubscribed.user.id)).toMatchObject({ status: 'skipped', error: 'Turned off the newsletter' });
    expect(await statusOf(prefix, disabled.user.id)).toMatchObject({ status: 'skipped', error: 'Account disabled' });
  });

  it('a skipped message stays skipped: turning it back on later does not send the old one', async () => {
    await setPrefs(turnedOff, { newsletter: true });
    expect(await runWorker()).toBe(0);
    expect(mails.filter((m) => m.subject === 'April newsletter')).toHaveLength(1);
  });

  it('the admin delivery log lists them as skipped with the reason, and counts them', async () => {
    const log = await call(t.app, 'GET', '/api/notifications/deliveries?status=skipped', { token: admin.token });
    expect(log.status).toBe(200);
    const mine = log.body.data.deliveries.filter((d: { key: string }) => d.key.startsWith(prefix));
    expect(mine.map((d: { username: string; status: string; error: string }) => [d.username, d.status, d.error]).sort()).toEqual(
      [
        [turnedOff.user.username, 'skipped', 'Turned off the newsletter'],
        [unsubscribed.user.username, 'skipped', 'Turned off the newsletter'],
        [disabled.user.username, 'skipped', 'Account disabled'],
      ].sort(),
    );
    expect(log.body.data.counts.skipped).toBeGreaterThanOrEqual(3);
    // Skipped is not failed: nothing to retry.
    const retry = await call(t.app, 'POST', `/api/notifications/deliveries/${mine[0]._id}/retry`, { token: admin.token });
    expect(retry.status).toBe(404);
  });
});

describe('a channel turned off, a phone removed or changed', () => {
  it('skips just that channel; the email still goes', async () => {
    const [smsOff, phoneGone, phoneChanged, both] = [
      await registerUser(t.app, { verified: true }),
      await registerUser(t.app, { verified: true }),
      await registerUser(t.app, { verified: true }),
      await registerUser(t.app, { verified: true }),
    ];
    for (const [i, m] of [smsOff, phoneGone, phoneChanged, both].entries()) {
      await setPrefs(m, { rsaSMS: true, rsaWhatsapp: true });
      await validatePhone(m, `+1415555016${i}`);
    }
    mails.length = 0;
    texts.length = 0;
    const prefix = await announce('general', 'Office hours');
    expect((await rowsOf(prefix)).filter((r) => r.channel !== 'email')).toHaveLength(8); // SMS + WhatsApp each

    await setPrefs(smsOff, { rsaSMS: false });
    // Removing the phone (profile form) clears its validation; a new number is not validated yet.
    const profile = (m: Member, phone: string | null) =>
      call(t.app, 'POST', '/api/users/update-self', {
        token: m.token,
        body: { username: m.user.username, email: m.email, phone },
      });
    expect((await profile(phoneGone, null)).status).toBe(200);
    expect((await profile(phoneChanged, '+14155550199')).status).toBe(200);

    await runWorker();
    const ours = [smsOff, phoneGone, phoneChanged, both].map((m) => m.email);
    expect(
      mails
        .filter((m) => m.subject === 'Office hours' && ours.includes(m.to))
        .map((m) => m.to)
        .sort(),
    ).toEqual(ours.sort());
    expect(texts.map((x) => `${x.channel}:${x.to}`).sort()).toEqual([
      'sms:+14155550163',
      'whatsapp:+14155550160',
      'whatsapp:+14155550163',
    ]);
    expect(await statusOf(prefix, smsOff.user.id, 'sms')).toMatchObject({ status: 'skipped', error: 'Turned off SMS' });
    expect(await statusOf(prefix, smsOff.user.id, 'whatsapp')).toMatchObject({ status: 'sent' });
    expect(await statusOf(prefix, phoneGone.user.id, 'sms')).toMatchObject({ status: 'skipped', error: 'No phone number' });
    expect(await statusOf(prefix, phoneChanged.user.id, 'whatsapp')).toMatchObject({
      status: 'skipped',
      error: 'Phone not validated',
    });
  });

  it('a changed email address gets messages only once the new address is verified', async () => {
    const mover = await registerUser(t.app, { verified: true });
    const stays = await registerUser(t.app, { verified: true });
    mails.length = 0;
    const prefix = await announce('newsletter', 'Moved newsletter');
    const newEmail = `moved.${mover.email}`;
    const change = await call(t.app, 'POST', '/api/users/update-self', {
      token: mover.token,
      body: { username: mover.user.username, email: newEmail, password: mover.password },
    });
    expect(change.status).toBe(200);
    // Until the new address is verified the member keeps the old one: the queued
    // message goes to the old, verified address, never to the unverified new one.
    await runWorker();
    let to = mails.filter((m) => m.subject === 'Moved newsletter').map((m) => m.to);
    expect(to).toContain(stays.email);
    expect(to).toContain(mover.email);
    expect(to).not.toContain(newEmail);
    expect(await statusOf(prefix, mover.user.id)).toMatchObject({ status: 'sent', recipient: mover.email });

    // Verified (the link in the confirmation email): the next message goes to the new address.
    const confirm = await vi.waitFor(() => {
      const m = mails.find((x) => x.to === newEmail && x.subject === 'Confirm your new RoundUp email');
      if (!m) throw new Error('no confirmation email yet');
      return m;
    });
    const code = /verify-email\/([A-Za-z0-9_-]+)/.exec(confirm.text)![1];
    expect((await call(t.app, 'POST', '/api/users/validate-email', { body: { email_validation_code: code } })).status).toBe(200);
    mails.length = 0;
    const next = await announce('general', 'After the move');
    await runWorker();
    to = mails.filter((m) => m.subject === 'After the move').map((m) => m.to);
    expect(to).toContain(newEmail);
    expect(to).not.toContain(mover.email);
    expect(await statusOf(next, mover.user.id)).toMatchObject({ status: 'sent', recipient: newEmail });
  });

  it('an address that is no longer verified gets no alerts', async () => {
    const u = await registerUser(t.app, { verified: true });
    mails.length = 0;
    const prefix = await announce('newsletter', 'Unverified newsletter');
    await t.database.query('update users set email_validated = false where id = $1', [u.user.id]);
    await runWorker();
    expect(mails.filter((m) => m.subject === 'Unverified newsletter').map((m) => m.to)).not.toContain(u.email);
    expect(await statusOf(prefix, u.user.id)).toMatchObject({ status: 'skipped', error: 'Email not verified' });
  });
});

describe('Pro-only messages after the member loses Pro', () => {
  it('a new-split alert queued for two Pro members reaches only the one still Pro', async () => {
    const [stays, leaves] = [await registerUser(t.app, { verified: true }), await registerUser(t.app, { verified: true })];
    await setRole(t.database, stays.user.id, 'Pro');
    await setRole(t.database, leaves.user.id, 'Pro');
    mails.length = 0;
    const today = todayInMarket(NOW);
    const split = await call(t.app, 'POST', '/api/rs/add', {
      token: admin.token,
      body: {
        newTicker: {
          name: 'Lapse Inc',
          ticker: 'LAPS',
          effDate: today,
          buyDate: today,
          ratio: 20,
          price: 2,
          status: 'Upcoming',
          rsType: 'Round Up',
          caution: false,
        },
      },
    });
    expect(split.status).toBe(200);
    await expand();
    const prefix = 'rsa:';
    expect(await statusOf(prefix, leaves.user.id)).toMatchObject({ status: 'queued' });

    expect(
      (await call(t.app, 'POST', '/api/users/admin-edit', { token: admin.token, body: { id: leaves.user.id, role: 'User' } }))
        .status,
    ).toBe(200);
    await runWorker();
    expect(mails.filter((m) => m.subject.includes('LAPS')).map((m) => m.to)).toEqual([stays.email]);
    expect(await statusOf(prefix, leaves.user.id)).toMatchObject({ status: 'skipped', error: 'Not a Pro member' });
    expect(await statusOf(prefix, stays.user.id)).toMatchObject({ status: 'sent' });
  });

  it('an admin SMS to Pro members, and a message waiting for a retry, are re-checked too', async () => {
    const [pro, lapsed] = [await registerUser(t.app, { verified: true }), await registerUser(t.app, { verified: true })];
    for (const [i, m] of [pro, lapsed].entries()) {
      await setRole(t.database, m.user.id, 'Pro');
      await setPrefs(m, { rsaSMS: true });
      await validatePhone(m, `+1415555017${i}`);
    }
    texts.length = 0;
    const sms = await call(t.app, 'POST', '/api/comms/send-sms', {
      token: admin.token,
      body: { message: 'Pro only tonight', audience: 'Pro' },
    });
    expect(sms.body.data.messageCount).toBeGreaterThanOrEqual(2);
    await setRole(t.database, lapsed.user.id, 'User');
    await runWorker();
    expect(texts.filter((x) => x.body === 'Pro only tonight').map((x) => x.to)).not.toContain('+14155550171');
    expect(texts.filter((x) => x.body === 'Pro only tonight').map((x) => x.to)).toContain('+14155550170');
    const lapsedRow = (
      await t.database.query<Row>(`select status, error from notification_deliveries where user_id = $1 and channel = 'sms'`, [
        lapsed.user.id,
      ])
    ).rows[0];
    expect(lapsedRow).toMatchObject({ status: 'skipped', error: 'Not a Pro member' });

    // A first try fails; before the retry the member turns the newsletter off: the retry is skipped.
    const flaky = await registerUser(t.app, { verified: true });
    await setPrefs(flaky, { generalRsa: false });
    await t.database.query(`update users set notify_newsletter = false where id <> $1`, [flaky.user.id]);
    mails.length = 0;
    const prefix = await announce('newsletter', 'Flaky newsletter');
    failNext(1);
    await service().deliverBatch(FAST_DELIVERY);
    expect(await statusOf(prefix, flaky.user.id)).toMatchObject({ status: 'queued', error: 'provider down' });
    await setPrefs(flaky, { newsletter: false });
    await runWorker();
    expect(mails).toHaveLength(0);
    expect(await statusOf(prefix, flaky.user.id)).toMatchObject({ status: 'skipped', error: 'Turned off the newsletter' });
  });
});

describe('a queued split alert, then the split leaves the public calendar', () => {
  it('moved back to Approved, archived or deleted before the send: skipped, not sent; the rest still goes', async () => {
    const today = todayInMarket(NOW);
    const pro = await registerUser(t.app, { verified: true });
    await setRole(t.database, pro.user.id, 'Pro');
    const newTicker = (ticker: string, over: Record<string, unknown> = {}) => ({
      name: `${ticker} Holdings`,
      ticker,
      effDate: today,
      buyDate: today,
      ratio: 10,
      price: 1,
      status: 'Upcoming',
      rsType: 'Round Up',
      caution: false,
      ...over,
    });
    const add = async (ticker: string, over: Record<string, unknown> = {}) => {
      const res = await call(t.app, 'POST', '/api/rs/add', { token: admin.token, body: { newTicker: newTicker(ticker, over) } });
      expect(res.status).toBe(200);
      return res.body.data.split._id as string;
    };
    // Four splits added as Upcoming, buying today: each raises a new-split alert (+ Discord) and a buy reminder.
    const keep = await add('KEEPQ');
    const back = await add('BACKQ');
    const gone = await add('GONEQ');
    // Took effect yesterday (shares back today at a one-day broker): the member holds an open position on it.
    const archivedTicker = newTicker('ARCHQ', { buyDate: addDays(today, -2), effDate: addDays(today, -1) });
    const arch = await add('ARCHQ', { buyDate: archivedTicker.buyDate, effDate: archivedTicker.effDate });
    const b = [{ id: await insertBroker(t.database, { name: 'Next Day', shareReturnTime: 1 }) }];
    const acct = await call(t.app, 'POST', '/api/accounts/add', {
      token: pro.token,
      body: { newAccount: { brokerId: b[0].id, type: 'Individual Cash', nickname: 'Main' } },
    });
    expect(acct.status).toBe(200);
    const accountId = (acct.body.data.accounts as { _id: string }[])[0]._id;
    expect(
      (
        await call(t.app, 'POST', '/api/trades/add', {
          token: pro.token,
          body: { newTrade: { accountId, splitId: arch, buy_price: 1 } },
        })
      ).status,
    ).toBe(200);

    await service().buyReminders(today);
    await service().sellReminders(today);
    await expand();
    const queued = async (splitId: string) =>
      (
        await t.database.query<Row>(
          `select idem_key, user_id::text as user_id, channel, recipient, status, error from notification_deliveries
            where (idem_key like $1 or idem_key like $2) and (user_id = $3 or user_id is null) order by idem_key`,
          [`rsa:${splitId}:%`, `buy:${splitId}:%`, pro.user.id],
        )
      ).rows;
    for (const id of [keep, back, gone]) {
      expect((await queued(id)).map((r) => [r.idem_key.split(':')[0], r.channel, r.status])).toEqual([
        ['buy', 'email', 'queued'],
        ['rsa', 'discord', 'queued'],
        ['rsa', 'email', 'queued'],
      ]);
    }
    expect((await queued(arch)).map((r) => [r.channel, r.status])).toEqual([
      ['discord', 'queued'],
      ['email', 'queued'],
    ]);
    expect(await statusOf('sell:', pro.user.id)).toMatchObject({ status: 'queued' });

    // Before the worker runs, the admin moves one back to Approved, archives one (it has a trade) and deletes one.
    const back2 = await call(t.app, 'POST', '/api/rs/edit', {
      token: admin.token,
      body: { newTicker: { ...newTicker('BACKQ', { status: 'Approved' }), _id: back } },
    });
    expect(back2.status).toBe(200);
    const archived = await call(t.app, 'POST', '/api/rs/delete', { token: admin.token, body: { id: arch, confirm: true } });
    expect(archived.body.data).toMatchObject({ archived: true });
    const deleted = await call(t.app, 'POST', '/api/rs/delete', { token: admin.token, body: { id: gone } });
    expect(deleted.body.data).toMatchObject({ deleted: true });

    mails.length = 0;
    discords.length = 0;
    await runWorker();
    const said = [...mails.map((m) => `${m.subject}\n${m.text}`), ...discords];
    for (const ticker of ['BACKQ', 'GONEQ']) expect(said.filter((x) => x.includes(ticker))).toEqual([]);
    // The archived split's alerts are not sent; the member's sell reminder for their own open position still is.
    expect(said.filter((x) => x.includes('ARCHQ'))).toEqual([
      expect.stringMatching(/^Your round-up shares should be back: ARCHQ\n/),
    ]);
    expect(
      mails
        .filter((m) => m.to === pro.email && m.subject.includes('KEEPQ'))
        .map((m) => m.subject)
        .sort(),
    ).toEqual([expect.stringMatching(/^Buy today: KEEPQ by \d+:\d\d pm ET$/), 'New reverse split: KEEPQ 10:1, Round up']);
    expect(discords.filter((d) => d.includes('KEEPQ'))).toHaveLength(1);

    for (const id of [back, gone, arch]) {
      const rows = await queued(id);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r).toMatchObject({ status: 'skipped', error: 'Split no longer public' });
    }
    expect((await queued(keep)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(await statusOf('sell:', pro.user.id)).toMatchObject({ status: 'sent', error: null });
  });
});
