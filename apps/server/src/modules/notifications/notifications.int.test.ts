import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInMarket } from '@roundup/shared';
import { insertBroker, insertSplit, splitFields } from '../../../test/factories';
import { call, createTestApp, registerQuietAdmin, registerUser, setRole, type TestApp } from '../../../test/helpers';
import { drainDeliveries, recordingAdapters } from '../../../test/recording-adapters';
import { sign } from '../../lib/tokens';
import { notificationsService } from './service';
import { EXPIRED_LINK, INVALID_LINK, USED_LINK } from './unsubscribe-page';

let t: TestApp;
// Set by a test that needs a time of day; the others run on the wall clock.
let fixedNow: Date | null = null;
const { mails, texts, discords, failNext, adapters } = recordingAdapters();

let admin: { token: string; user: { id: string } };
let pro: { token: string; user: { id: string; username: string }; email: string };
let member: { token: string; user: { id: string }; email: string };
let starter: { token: string; user: { id: string } };
let proQuiet: { token: string; user: { id: string } };

const drain = () => drainDeliveries(t.app.ctx);
async function expand() {
  while ((await notificationsService(t.app.ctx).expandFanouts()) > 0);
}
const deliveries = async () =>
  (
    await t.database.query<{ idem_key: string; channel: string; status: string; attempts: number; user_id: string | null }>(
      'select idem_key, channel, status, attempts, user_id::text as user_id from notification_deliveries order by idem_key',
    )
  ).rows;

const splitBody = (over: Record<string, unknown> = {}) => ({ newTicker: splitFields({ ticker: 'ACME', ...over }) });

beforeAll(async () => {
  t = await createTestApp({ ...adapters, clock: () => fixedNow ?? new Date() });
  admin = await registerQuietAdmin(t);
  pro = await registerUser(t.app, { verified: true });
  await setRole(t.database, pro.user.id, 'Pro');
  await t.database.query(
    `update users set phone = '+14155550132', phone_validated = true, notify_rsa_sms = true, notify_rsa_whatsapp = true where id = $1`,
    [pro.user.id],
  );
  member = await registerUser(t.app, { verified: true });
  await setRole(t.database, member.user.id, 'Member');
  await t.database.query(
    `update users set phone = '+14155550133', phone_validated = false, notify_rsa_sms = true where id = $1`,
    [member.user.id],
  );
  starter = await registerUser(t.app, { verified: true });
  await t.database.query(`update users set phone = '+14155550134', phone_validated = true, notify_rsa_sms = true where id = $1`, [
    starter.user.id,
  ]);
  proQuiet = await registerUser(t.app, { verified: true });
  await setRole(t.database, proQuiet.user.id, 'Pro');
  await t.database.query(`update users set notify_rsa_email = false where id = $1`, [proQuiet.user.id]);
  mails.length = 0; // sign-up emails
});
afterAll(async () => t.close());

describe('split events → deliveries', () => {
  let splitId: string;
  it('a new split commits its alert with the split; the worker fans it out to Pro members on their channels', async () => {
    const res = await call(t.app, 'POST', '/api/rs/add', { token: admin.token, body: splitBody() });
    expect(res.status).toBe(200);
    splitId = res.body.data.split?._id ?? res.body.data._id;
    // The split's transaction committed the event and its Discord message; the worker fans out to members.
    const committed = await deliveries();
    expect(committed.map((r) => r.channel)).toEqual(['discord']);
    await expand();
    const rows = await deliveries();
    expect(rows.map((r) => [r.channel, r.user_id])).toEqual(
      expect.arrayContaining([
        ['email', pro.user.id],
        ['sms', pro.user.id],
        ['whatsapp', pro.user.id],
        ['email', member.user.id],
        ['discord', null],
      ]),
    );
    expect(rows).toHaveLength(5); // no Starter, nobody without a channel, admin opted out
    expect(rows.every((r) => r.status === 'queued')).toBe(true);
  });

  it('delivers each message once, even when the worker runs again', async () => {
    expect(await drain()).toBe(5);
    expect(await drain()).toBe(0);
    expect(mails.map((m) => m.to).sort()).toEqual([member.email, pro.email].sort());
    expect(texts.map((x) => `${x.channel}:${x.to}`).sort()).toEqual(['sms:+14155550132', 'whatsapp:+14155550132']);
    expect(discords).toHaveLength(1);
    expect(discords[0]).toContain('ACME');
    const m = mails[0];
    expect(m.subject).toBe('New reverse split: ACME 10:1, Round up');
    expect(m.html).toContain('<h1');
    expect(m.text).toContain('Unsubscribe: http://localhost:3000/api/notifications/unsubscribe?token=');
    expect(m.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=.+>$/);
    expect(m.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect((await deliveries()).every((r) => r.status === 'sent')).toBe(true);
  });

  it('turning Upcoming raises upcomingRsa once; other edits raise nothing', async () => {
    const before = (await deliveries()).length;
    const edit = (status: string) =>
      call(t.app, 'POST', '/api/rs/edit', {
        token: admin.token,
        body: { newTicker: { ...splitBody({ status }).newTicker, _id: splitId } },
      });
    expect((await edit('Complete')).status).toBe(200);
    expect((await edit('Upcoming')).status).toBe(200);
    await expand();
    const after = await deliveries();
    expect(after.length - before).toBe(4); // pro ×3, member email; no Discord
    expect(after.filter((r) => r.idem_key.startsWith('upcomingRsa:'))).toHaveLength(4);
    expect((await edit('Upcoming')).status).toBe(200);
    await expand();
    expect((await deliveries()).length).toBe(after.length);
    await drain();
  });

  it('a rolled-back split change leaves no job behind', async () => {
    const before = (await deliveries()).length;
    const s = notificationsService(t.app.ctx);
    await expect(
      t.database.db.transaction(async (tx) => {
        await s.notifier.splitChanged(tx as never, { splitId, kind: 'added', previousStatus: null, status: 'Upcoming' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await deliveries()).length).toBe(before);
  });
});

describe('reminders (GET /api/rs/send-update)', () => {
  it('queues buy and sell reminders for today once, however often it is pressed', async () => {
    // A Wednesday at 10:00 am New York: today's buy-by deadline has not passed (after it the button refuses).
    fixedNow = new Date('2026-12-02T15:00:00Z');
    const today = todayInMarket(fixedNow);
    // A split whose shares come back today at a 0-day broker, bought in the Pro member's account.
    const b = { id: await insertBroker(t.database, { name: 'ZeroDay', shareReturnTime: 0 }) };
    const [a] = (
      await t.database.query<{ id: string }>(
        `insert into accounts (user_id, broker_id, broker, type, nickname) values ($1, $2, 'ZeroDay', 'Roth IRA', 'My Roth') returning id::text as id`,
        [pro.user.id, b.id],
      )
    ).rows;
    const s = {
      id: await insertSplit(t.database, {
        name: 'Sellco',
        ticker: 'SELL',
        effDate: today,
        buyDate: today,
        ratio: 5,
        status: 'Upcoming',
      }),
    };
    await t.database.query(
      `insert into trades (user_id, split_id, account_id, ticker, buy_date, buy_price) values ($1, $2, $3, 'SELL', $4, 1)`,
      [pro.user.id, s.id, a.id, today],
    );
    // An account the member marked inactive keeps its trade but gets no reminder.
    const [old] = (
      await t.database.query<{ id: string }>(
        `insert into accounts (user_id, broker_id, broker, type, nickname, position, active) values ($1, $2, 'ZeroDay', 'Individual Cash', 'Old Margin', 7, false) returning id::text as id`,
        [pro.user.id, b.id],
      )
    ).rows;
    await t.database.query(
      `insert into trades (user_id, split_id, account_id, ticker, buy_date, buy_price) values ($1, $2, $3, 'SELL', $4, 1)`,
      [pro.user.id, s.id, old.id, today],
    );

    expect((await call(t.app, 'GET', '/api/rs/send-update', { token: pro.token })).status).toBe(403);
    const first = await call(t.app, 'GET', '/api/rs/send-update', { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body.data.msg).toBe('Reminders sent for todays tickers');
    expect(first.body.data.tickers).toEqual(expect.arrayContaining(['SELL']));
    await expand();
    const rows = await deliveries();
    const sell = rows.filter((r) => r.idem_key.startsWith('sell:'));
    expect(sell.map((r) => r.channel).sort()).toEqual(['email', 'sms', 'whatsapp']);
    expect(rows.filter((r) => r.idem_key.startsWith('buy:')).length).toBeGreaterThan(0);
    const second = await call(t.app, 'GET', '/api/rs/send-update', { token: admin.token });
    expect(second.body.data.newReminders).toBe(0);
    await expand();
    expect((await deliveries()).length).toBe(rows.length);
    mails.length = 0;
    await drain();
    const sellMail = mails.find((m) => m.subject.startsWith('Your round-up shares should be back'));
    expect(sellMail?.text).toContain('SELL in My Roth (ZeroDay)');
    expect(sellMail?.text).not.toContain('Old Margin');
    fixedNow = null;
  });
});

describe('retries and the delivery log', () => {
  it('a provider failing twice then succeeding delivers once', async () => {
    const s = notificationsService(t.app.ctx);
    // One message: an SMS to the only Pro member with a validated phone.
    await t.database.db.transaction(async (tx) =>
      s.raise(tx as never, 'test-1', 'adminSms', { message: 'Flaky' }, { proOnlyAudience: true }),
    );
    texts.length = 0;
    failNext(2);
    await drain();
    expect(texts.filter((x) => x.body === 'Flaky')).toHaveLength(1);
    const rows = (await deliveries()).filter((r) => r.idem_key.startsWith('test-1:'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('a message failing every time is marked failed, listed for admins, and can be retried', async () => {
    const s = notificationsService(t.app.ctx);
    await t.database.db.transaction(async (tx) =>
      s.raise(tx as never, 'general:test-2', 'general', { subject: 'Fail', message: 'x' }),
    );
    failNext(1000);
    await drain();
    failNext(0);
    const log = await call(t.app, 'GET', '/api/notifications/deliveries?status=failed', { token: admin.token });
    expect(log.status).toBe(200);
    const failed = log.body.data.deliveries.filter((d: { key: string }) => d.key.startsWith('general:test-2'));
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]).toMatchObject({ status: 'failed', attempts: 3, error: 'provider down' });
    expect((await call(t.app, 'GET', '/api/notifications/deliveries', { token: pro.token })).status).toBe(403);
    const retry = await call(t.app, 'POST', `/api/notifications/deliveries/${failed[0]._id}/retry`, { token: admin.token });
    expect(retry.status).toBe(200);
    await drain();
    const again = await call(t.app, 'GET', '/api/notifications/deliveries', { token: admin.token });
    expect(again.body.data.deliveries.find((d: { _id: string }) => d._id === failed[0]._id).status).toBe('sent');
  });
});

describe('unsubscribe link (RFC 8058 one-click)', () => {
  const s = () => notificationsService(t.app.ctx);
  const pathOf = (url: string) => {
    const u = new URL(url);
    return u.pathname + u.search;
  };
  const prefs = async (m: { token: string }) =>
    (await call(t.app, 'GET', '/api/users/self', { token: m.token })).body.data.user.notifications;
  const oneClick = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: 'List-Unsubscribe=One-Click',
    });
  let reader: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    reader = await registerUser(t.app, { verified: true });
  });

  it('the List-Unsubscribe header carries the https-style URL that accepts the one-click POST', async () => {
    // The alert emails above carried both headers; the header URL is the unsubscribe endpoint itself.
    const raised = await t.app.ctx.database.db.transaction((tx) =>
      s().raise(tx as never, `newsletter:unsub-header`, 'newsletter', { subject: 'Header check', message: 'Hi' }),
    );
    expect(raised.eventId).not.toBeNull();
    await expand();
    mails.length = 0;
    await drain();
    const m = mails.find((x) => x.to === reader.email && x.subject === 'Header check');
    expect(m?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const header = /^<(.+)>$/.exec(m?.headers?.['List-Unsubscribe'] ?? '')?.[1];
    expect(header).toMatch(/^http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=/);
    expect(m?.text).toContain(`Unsubscribe: ${header}`);
    expect((await prefs(reader)).newsletter).toBe(true);
    const res = await oneClick(pathOf(header!));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { unsubscribed: 'newsletter' }, errors: [] });
    expect((await prefs(reader)).newsletter).toBe(false);
  });

  it('a GET (a person, or a mail scanner prefetching the link) shows a confirmation page and changes nothing', async () => {
    const url = pathOf(s().unsubscribeUrl(member.user.id, 'rsa'));
    for (let i = 0; i < 3; i += 1) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('Unsubscribe from new reverse split alerts?');
      // The button posts the RFC 8058 body to the same URL.
      expect(res.body).toContain(`<form method="post" action="${url.replace(/&/g, '&amp;')}"`);
      expect(res.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
      expect(res.body).toMatch(/<button type="submit"[^>]*>Unsubscribe<\/button>/);
    }
    expect((await prefs(member)).rsa).toBe(true);
  });

  it('the button (a browser form POST) unsubscribes and answers a page; again is fine (idempotent)', async () => {
    const url = pathOf(s().unsubscribeUrl(member.user.id, 'rsa'));
    for (let i = 0; i < 2; i += 1) {
      const res = await oneClick(url, { accept: 'text/html,application/xhtml+xml' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('You are unsubscribed');
      expect(res.body).toContain('You will no longer receive new reverse split alerts by email.');
    }
    const after = await prefs(member);
    expect(after.rsa).toBe(false);
    expect(after.upcomingRsa).toBe(true); // only the signed category
  });

  it('a used link is spent: after the member turns the setting back on, replaying it changes nothing', async () => {
    const m = await registerUser(t.app, { verified: true });
    const url = pathOf(s().unsubscribeUrl(m.user.id, 'upcomingRsa'));
    expect((await oneClick(url)).statusCode).toBe(200);
    expect((await prefs(m)).upcomingRsa).toBe(false);
    const on = await call(t.app, 'POST', '/api/users/update-self', {
      token: m.token,
      body: { notifications: { upcomingRsa: true } },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect((await prefs(m)).upcomingRsa).toBe(true);
    // The mail provider's one-click, the page's button and a prefetch: none turns it off again.
    const replay = await oneClick(url);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ data: null, errors: [{ msg: USED_LINK }] });
    const button = await oneClick(url, { accept: 'text/html' });
    expect(button.statusCode).toBe(400);
    expect(button.body).toContain('Link already used');
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.body).toContain('Link already used');
    expect(page.body).not.toContain('<form');
    expect((await prefs(m)).upcomingRsa).toBe(true);
    // A new link (the next email's) works.
    expect((await oneClick(pathOf(s().unsubscribeUrl(m.user.id, 'upcomingRsa')))).statusCode).toBe(200);
    expect((await prefs(m)).upcomingRsa).toBe(false);
  });

  it("does not carry the member's id, the category or the time readably", async () => {
    const m = await registerUser(t.app, { verified: true });
    const token = new URL(s().unsubscribeUrl(m.user.id, 'newsletter')).searchParams.get('token')!;
    const readable = [token, ...token.split(/[.:_-]/)].flatMap((p) => [
      p,
      Buffer.from(p, 'base64url').toString('latin1'),
      Buffer.from(p, 'base64url').toString('hex'),
    ]);
    const id = String(m.user.id);
    for (const text of readable) {
      expect(text).not.toContain(id);
      expect(text).not.toContain(id.replace(/-/g, ''));
      expect(text).not.toContain('newsletter');
    }
    // Two links for the same member and category differ.
    expect(new URL(s().unsubscribeUrl(m.user.id, 'newsletter')).searchParams.get('token')).not.toBe(token);
  });

  it('one-click POSTs from a mail provider: urlencoded or multipart, twice at once, all 200', async () => {
    const url = pathOf(s().unsubscribeUrl(member.user.id, 'sellRsa'));
    const [a, b] = await Promise.all([oneClick(url), oneClick(url)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const boundary = 'x-roundup-test';
    const multipart = await t.app.inject({
      method: 'POST',
      url: pathOf(s().unsubscribeUrl(member.user.id, 'buyReminderRsa')),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    const after = await prefs(member);
    expect([after.sellRsa, after.buyReminderRsa]).toEqual([false, false]);
  });

  it('form bodies are accepted on the unsubscribe URL only; other routes still answer 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feedback/new',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'message=hi',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors[0].msg).toBe('Send the request as JSON.');
  });

  it('a forged, truncated, missing or expired token gets a clear 400 (page or envelope), never a 500, and changes nothing', async () => {
    const victim = await registerUser(t.app, { verified: true });
    const forgedToken = `unsub:${victim.user.id}:newsletter:${Math.floor(Date.now() / 1000)}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    const good = new URL(s().unsubscribeUrl(victim.user.id, 'newsletter')).searchParams.get('token')!;
    const longAgo = Math.floor(Date.now() / 1000) - 400 * 86_400;
    const expired = sign(t.config.tokenPepper, `unsub:${victim.user.id}:newsletter:${longAgo}`);
    const unknownPref = sign(t.config.tokenPepper, `unsub:${victim.user.id}:password:${Math.floor(Date.now() / 1000)}`);
    const goneUser = sign(
      t.config.tokenPepper,
      `unsub:00000000-0000-4000-8000-000000000000:newsletter:${Math.floor(Date.now() / 1000)}`,
    );
    const bad = [
      ['forged', `?token=${encodeURIComponent(forgedToken)}`, 'Link not valid'],
      ['truncated', `?token=${encodeURIComponent(good.slice(0, -3))}`, 'Link not valid'],
      ['missing', '', 'Link not valid'],
      ['twice', `?token=${encodeURIComponent(good)}&token=${encodeURIComponent(good)}`, 'Link not valid'],
      ['huge', `?token=${'a'.repeat(5000)}`, 'Link not valid'],
      ['unknown category', `?token=${encodeURIComponent(unknownPref)}`, 'Link not valid'],
      ['member gone', `?token=${encodeURIComponent(goneUser)}`, 'Link not valid'],
      ['expired', `?token=${encodeURIComponent(expired)}`, 'Link expired'],
    ] as const;
    for (const [name, qs, title] of bad) {
      const url = `/api/notifications/unsubscribe${qs}`;
      const page = await t.app.inject({ method: 'GET', url });
      expect([name, page.statusCode]).toEqual([name, 400]);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(`<h1 style="margin:0 0 12px;font-size:22px;line-height:1.3">${title}</h1>`);
      const html = await oneClick(url, { accept: 'text/html' });
      expect([name, html.statusCode]).toEqual([name, 400]);
      expect(html.body).toContain(title);
      const api = await oneClick(url);
      expect([name, api.statusCode]).toEqual([name, 400]);
      expect(api.json()).toEqual({
        data: null,
        errors: [{ msg: title === 'Link expired' ? EXPIRED_LINK : INVALID_LINK }],
      });
    }
    expect((await prefs(victim)).newsletter).toBe(true);
    // The real link still works.
    expect((await oneClick(`/api/notifications/unsubscribe?token=${encodeURIComponent(good)}`)).statusCode).toBe(200);
    expect((await prefs(victim)).newsletter).toBe(false);
  });
});

describe('admin communications', () => {
  it('sends an SMS to All or Pro and lists it', async () => {
    const empty = await call(t.app, 'POST', '/api/comms/send-sms', {
      token: admin.token,
      body: { message: '  ', audience: 'All' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].msg).toBe('Please enter a message.');
    expect(
      (await call(t.app, 'POST', '/api/comms/send-sms', { token: pro.token, body: { message: 'hi', audience: 'All' } })).status,
    ).toBe(403);
    // Members are refused before the body is looked at (no validation hints).
    expect((await call(t.app, 'POST', '/api/comms/send-sms', { token: pro.token, body: { message: '' } })).status).toBe(403);
    // Asked first: the count the form shows is the count that is sent.
    const ask = (audience: string, token = admin.token) =>
      call(t.app, 'GET', `/api/comms/sms-audience?audience=${audience}`, { token });
    expect((await ask('All')).body.data).toEqual({ recipients: 2 });
    expect((await ask('Pro')).body.data).toEqual({ recipients: 1 });
    expect((await ask('Everyone')).status).toBe(400);
    expect((await ask('All', pro.token)).status).toBe(403);
    const all = await call(t.app, 'POST', '/api/comms/send-sms', {
      token: admin.token,
      body: { message: 'Market closed Friday', audience: 'All' },
    });
    expect(all.body.data.messageCount).toBe(2); // pro + starter: validated phone and rsaSMS on
    const proOnly = await call(t.app, 'POST', '/api/comms/send-sms', {
      token: admin.token,
      body: { message: 'Pro only', audience: 'Pro' },
    });
    expect(proOnly.body.data.messageCount).toBe(1);
    texts.length = 0;
    await drain();
    expect(
      texts
        .filter((x) => x.body === 'Market closed Friday')
        .map((x) => x.to)
        .sort(),
    ).toEqual(['+14155550132', '+14155550134']);
    const list = await call(t.app, 'GET', '/api/comms', { token: admin.token });
    expect(list.body.data.comms[0]).toMatchObject({ type: 'sms', message: 'Pro only', audience: 'Pro', messageCount: 1 });
    expect(list.body.data.comms[0].sender).toBeTruthy();
    expect((await call(t.app, 'GET', '/api/comms', { token: pro.token })).status).toBe(403);
    const audit = (await call(t.app, 'GET', '/api/admin/audit', { token: admin.token })).body.data.audit as {
      action: string;
      details: Record<string, unknown>;
    }[];
    expect(audit.filter((a) => a.action === 'comms.send-sms').map((a) => a.details)).toEqual([
      { audience: 'Pro', messageCount: 1 },
      { audience: 'All', messageCount: 2 },
    ]);
  });
});

describe('terms changed: a new date or ratio alerts the members holding the split, once', () => {
  it('alerts the holder on each channel, not the other members, and not twice for the same terms', async () => {
    const created = await call(t.app, 'POST', '/api/rs/add', { token: admin.token, body: splitBody({ ticker: 'TERM' }) });
    const split = created.body.data.split;
    // The Pro member holds it (a recorded buy); the Member does not.
    const brokerId = await insertBroker(t.database, { name: 'Terms Broker' });
    const acc = await call(t.app, 'POST', '/api/accounts/add', {
      token: pro.token,
      body: { newAccount: { brokerId, type: 'Individual Cash', nickname: 'Terms acct' } },
    });
    const accountId = acc.body.data.accounts.find((a: any) => a.nickname === 'Terms acct')._id;
    expect(
      (
        await call(t.app, 'POST', '/api/trades/add', {
          token: pro.token,
          body: { newTrade: { accountId, splitId: split._id, buy_price: 1 } },
        })
      ).status,
    ).toBe(200);
    const before = (await deliveries()).filter((d) => d.idem_key.startsWith('terms:')).length;
    const later = (d: string, n: number) => {
      const x = new Date(`${d}T12:00:00Z`);
      x.setUTCDate(x.getUTCDate() + n);
      return x.toISOString().slice(0, 10);
    };
    const edit = (over: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/rs/edit', { token: admin.token, body: { newTicker: { ...split, ...over, _id: split._id } } });
    const moved = { effDate: later(split.effDate, 3), buyDate: later(split.buyDate, 2) };
    expect((await edit(moved)).status).toBe(200);
    const terms = (await deliveries()).filter((d) => d.idem_key.startsWith('terms:'));
    expect(terms.length - before).toBe(3);
    expect(new Set(terms.map((d) => d.user_id))).toEqual(new Set([pro.user.id]));
    expect(terms.map((d) => d.channel).sort()).toEqual(['email', 'sms', 'whatsapp']);
    // Saving again with the same terms (a notes edit) alerts no one.
    expect((await edit({ ...moved, notes: 'updated notes' })).status).toBe(200);
    expect((await deliveries()).filter((d) => d.idem_key.startsWith('terms:')).length).toBe(terms.length);
    mails.length = 0;
    await drain();
    const mail = mails.find((m) => m.subject.startsWith('Terms changed: TERM'));
    expect(mail?.to).toBe(pro.email);
    expect(mail?.text).toContain('The terms of a reverse split you hold changed:');
    expect(mail?.text).toMatch(/- Buy by: .* \(was .*\)/);
  });
});
