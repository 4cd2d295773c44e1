import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../../adapters/mail';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';
import { drainDeliveries, recordingAdapters } from '../../../test/recording-adapters';
import { startSmtpSink, type ReceivedMail } from '../../../test/smtp';

/** POST /api/comms/send-announcement and GET /api/comms/audience (beyond product.md#api), through HTTP, over real SMTP. */

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const { texts, adapters } = recordingAdapters();

type Member = Awaited<ReturnType<typeof registerUser>>;
let admin: Member;
let starter: Member; // general + newsletter (defaults)
let noNews: Member; // newsletter off; general on, with a validated phone and SMS on
let pro: Member; // general off; newsletter on
let starter2: Member; // Starter, notifications untouched
let disabled: Member; // opted in but disabled

const runWorker = () => drainDeliveries(t.app.ctx);

const announce = (token: string | undefined, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/comms/send-announcement', { token, body });
const valid = (over: Record<string, unknown> = {}) => ({
  requestId: randomUUID(),
  kind: 'newsletter',
  subject: 'March newsletter',
  message: 'Hello members,\n\nFifteen splits this month.',
  ...over,
});
/** Headers unfolded (RFC 5322 continuation lines joined). */
const header = (m: ReceivedMail, name: string) =>
  new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(m.raw.replace(/\r?\n(?=[ \t])/g, ''))?.[1]?.trim() ?? null;
const mailsTo = (subject: string) => sink.received.filter((m) => header(m, 'Subject') === subject);

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    mailer: smtpMailer(sink.url, 'RoundUp <no-reply@roundup.test>'),
    sms: adapters.sms,
    whatsapp: adapters.whatsapp,
  });
  admin = await registerUser(t.app, { verified: true });
  await setRole(t.database, admin.user.id, 'Admin');
  starter = await registerUser(t.app, { verified: true });
  noNews = await registerUser(t.app, { verified: true });
  await call(t.app, 'POST', '/api/users/update-self', {
    token: noNews.token,
    body: { notifications: { newsletter: false, rsaSMS: true } },
  });
  await t.database.query(`update users set phone = '+14155550141', phone_validated = true where id = $1`, [noNews.user.id]);
  pro = await registerUser(t.app, { verified: true });
  await setRole(t.database, pro.user.id, 'Pro');
  await call(t.app, 'POST', '/api/users/update-self', { token: pro.token, body: { notifications: { generalRsa: false } } });
  starter2 = await registerUser(t.app, { verified: true });
  disabled = await registerUser(t.app, { verified: true });
  await t.database.query(`update users set disabled = true where id = $1`, [disabled.user.id]);
  sink.received.length = 0; // sign-up verification emails
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('who may send', () => {
  it('answers 401 to visitors and 403 to members, before looking at the body', async () => {
    for (const body of [valid(), {}]) {
      const anon = await announce(undefined, body);
      expect(anon.status).toBe(401);
      expect(anon.body).toMatchObject({ data: null, errors: [{ msg: 'Please sign in' }] });
      const member = await announce(pro.token, body);
      expect(member.status).toBe(403);
      expect(member.body.data).toBeNull();
    }
    expect((await call(t.app, 'GET', '/api/comms/audience?kind=newsletter')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/comms/audience?kind=newsletter', { token: starter.token })).status).toBe(403);
    expect(await t.database.query('select 1 from communications')).toMatchObject({ rows: [] });
  });
});

describe('validation', () => {
  it.each([
    ['no subject', { subject: '   ' }, 'Please enter a subject.'],
    ['subject over 150', { subject: 's'.repeat(151) }, 'A subject can be at most 150 characters.'],
    ['subject on two lines', { subject: 'One\nTwo' }, 'A subject must be one line.'],
    ['no message', { message: '' }, 'Please enter a message.'],
    ['message over 5,000', { message: 'm'.repeat(5001) }, 'A message can be at most 5,000 characters.'],
    ['unknown kind', { kind: 'sms' }, 'Choose the kind: General announcement or Newsletter.'],
    ['request id not a UUID', { requestId: 'double-click-1' }, 'The request id must be a UUID.'],
  ])('%s → 400 with the message in the envelope', async (_name, over, msg) => {
    const res = await announce(admin.token, valid(over));
    expect(res.status).toBe(400);
    expect(res.body.data).toBeNull();
    expect(res.body.errors.map((e) => e.msg)).toEqual([msg]);
  });

  it('lists one message per problem', async () => {
    const res = await announce(admin.token, { kind: 'newsletter' });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.msg).sort()).toEqual([
      'Please enter a message.',
      'Please enter a subject.',
      'The request id must be a UUID.',
    ]);
  });

  it('refused requests record and send nothing; the audience query checks the kind too', async () => {
    expect((await t.database.query('select 1 from notification_events')).rows).toHaveLength(0);
    expect((await t.database.query('select 1 from communications')).rows).toHaveLength(0);
    const audience = await call(t.app, 'GET', '/api/comms/audience?kind=sms', { token: admin.token });
    expect(audience.status).toBe(400);
    expect(audience.body.errors[0].msg).toBe('Choose the kind: General announcement or Newsletter.');
  });
});

describe('sending a newsletter', () => {
  const body = valid({ subject: 'March newsletter' });

  it('shows the audience before sending: the members who opted in, by channel', async () => {
    const news = await call(t.app, 'GET', '/api/comms/audience?kind=newsletter', { token: admin.token });
    expect(news.status).toBe(200);
    // admin, starter, pro, starter2 — not noNews (off) nor the disabled member
    expect(news.body.data).toEqual({ recipients: 4, channels: { email: 4, sms: 0, whatsapp: 0 } });
    const general = await call(t.app, 'GET', '/api/comms/audience?kind=general', { token: admin.token });
    // admin, starter, noNews (+ SMS), starter2 — not pro (off) nor the disabled member
    expect(general.body.data).toEqual({ recipients: 4, channels: { email: 4, sms: 1, whatsapp: 0 } });
  });

  it('records it, answers the recipient count, and the worker emails each opted-in member once', async () => {
    const res = await announce(admin.token, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { recipients: 4, messageCount: 4, duplicate: false }, errors: [] });
    await runWorker();
    const mails = mailsTo('March newsletter');
    expect(mails.flatMap((m) => m.to).sort()).toEqual([admin.email, starter.email, pro.email, starter2.email].sort());
    expect(mails[0].decoded).toContain('Fifteen splits this month.');
  });

  it('carries the one-click unsubscribe link (body and List-Unsubscribe) that turns the newsletter off', async () => {
    const mail = mailsTo('March newsletter').find((m) => m.to[0] === starter2.email)!;
    const listUnsub = header(mail, 'List-Unsubscribe');
    expect(listUnsub).toMatch(/^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[^>]+>$/);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const url = new URL(listUnsub!.slice(1, -1));
    expect(mail.decoded).toContain(`Unsubscribe: ${url.href}`);
    const res = await t.app.inject({ method: 'POST', url: url.pathname + url.search });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ unsubscribed: 'newsletter' });
    const self = await call(t.app, 'GET', '/api/users/self', { token: starter2.token });
    expect(self.body.data.user.notifications).toMatchObject({ newsletter: false, generalRsa: true });
  });

  it('the same request id again (a double click, a retry) sends nothing more and answers the first result', async () => {
    const before = sink.received.length;
    const again = await announce(admin.token, body);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ recipients: 4, messageCount: 4, duplicate: true });
    await runWorker();
    expect(sink.received.length).toBe(before);
    const rows = await t.database.query<{ n: number }>(`select count(*)::int as n from communications where request_id = $1`, [
      body.requestId,
    ]);
    expect(rows.rows[0].n).toBe(1);
    // The same id with another message is a client bug: refused, nothing sent.
    const other = await announce(admin.token, { ...body, message: 'Something else' });
    expect(other.status).toBe(409);
    expect(other.body.errors[0].msg).toMatch(/already used for a different announcement/);
  });

  it('two clicks at once send once', async () => {
    const twice = valid({ subject: 'Double click' });
    const [a, b] = await Promise.all([announce(admin.token, twice), announce(admin.token, twice)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data.duplicate, b.body.data.duplicate].sort()).toEqual([false, true]);
    expect(a.body.data.recipients).toBe(b.body.data.recipients);
    await runWorker();
    const mails = mailsTo('Double click');
    expect(mails).toHaveLength(3); // starter2 unsubscribed from the newsletter above
    expect(new Set(mails.flatMap((m) => m.to)).size).toBe(3);
  });

  it('is listed in Communications with its subject, sender and counts', async () => {
    const list = await call(t.app, 'GET', '/api/comms', { token: admin.token });
    expect(list.status).toBe(200);
    const entry = list.body.data.comms.find((c: { subject: string | null }) => c.subject === 'March newsletter');
    expect(entry).toMatchObject({
      type: 'newsletter',
      sender: admin.user.username,
      message: body.message,
      recipients: 4,
      messageCount: 4,
    });
    expect(list.body.data.comms.filter((c: { subject: string | null }) => c.subject === 'Double click')).toHaveLength(1);
  });

  it('is in the audit log once, with who sent it and to how many', async () => {
    const audit = (await call(t.app, 'GET', '/api/admin/audit', { token: admin.token })).body.data.audit as {
      action: string;
      actorId: string;
      details: Record<string, unknown>;
    }[];
    const sent = audit.filter((a) => a.action === 'comms.send-announcement');
    expect(sent.find((a) => a.details.subject === 'March newsletter')).toMatchObject({
      actorId: admin.user.id,
      details: { kind: 'newsletter', recipients: 4 },
    });
    expect(sent.filter((a) => a.details.subject === 'Double click')).toHaveLength(1);
  });
});

describe('sending a general announcement', () => {
  it('goes by email to opted-in members and by SMS to those with SMS on and a validated phone', async () => {
    texts.length = 0;
    const res = await announce(
      admin.token,
      valid({ kind: 'general', subject: 'Closed Friday', message: 'The market is closed on Friday.' }),
    );
    expect(res.body.data).toEqual({ recipients: 4, messageCount: 5, duplicate: false });
    await runWorker();
    expect(
      mailsTo('Closed Friday')
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual([admin.email, starter.email, noNews.email, starter2.email].sort());
    expect(texts).toEqual([{ channel: 'sms', to: '+14155550141', body: 'Closed Friday\nThe market is closed on Friday.' }]);
    const mail = mailsTo('Closed Friday')[0];
    expect(header(mail, 'List-Unsubscribe')).toMatch(/unsubscribe\?token=/);
    const list = await call(t.app, 'GET', '/api/comms', { token: admin.token });
    expect(list.body.data.comms[0]).toMatchObject({ type: 'general', subject: 'Closed Friday', recipients: 4, messageCount: 5 });
  });

  it('accepts exactly 150 and 5,000 characters; a long one goes whole by email and cut by SMS', async () => {
    texts.length = 0;
    const subject = 'S'.repeat(150);
    const message = 'word '.repeat(999) + 'last.';
    expect(message.length).toBe(5000);
    const res = await announce(admin.token, valid({ kind: 'general', subject, message }));
    expect(res.status).toBe(200);
    await runWorker();
    const mail = mailsTo(subject)[0];
    expect(mail.decoded.replace(/\r?\n/g, ' ')).toContain('word word word last.');
    expect(texts).toHaveLength(1);
    expect([...texts[0].body].length).toBeLessThanOrEqual(1600);
    expect(texts[0].body.endsWith('… (full message in your email)')).toBe(true);
  });
});
