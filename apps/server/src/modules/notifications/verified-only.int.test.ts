import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionToday } from '../../../test/factories';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';
import { drainDeliveries, recordingAdapters } from '../../../test/recording-adapters';
import { notificationsService } from './service';

/**
 * Alerts, reminders and announcements go only to verified email addresses: the audience count in
 * admin comms, the fan-out, and the worker's re-check before each send agree. Account emails
 * (verification, password reset) are not notifications and still reach an unverified address.
 */

let t: TestApp;
const { mails, adapters } = recordingAdapters();
type Member = Awaited<ReturnType<typeof registerUser>>;
let admin: Member;

const runWorker = () => drainDeliveries(t.app.ctx);
async function expand() {
  while ((await notificationsService(t.app.ctx).expandFanouts()) > 0);
}
interface Row {
  user_id: string | null;
  channel: string;
  status: string;
  error: string | null;
}
const rowsOf = async (prefix: string) =>
  (
    await t.database.query<Row>(
      `select user_id::text as user_id, channel, status, error from notification_deliveries where idem_key like $1 order by idem_key`,
      [`${prefix}%`],
    )
  ).rows;
const statusOf = async (prefix: string, userId: string, channel = 'email') =>
  (await rowsOf(prefix)).find((r) => r.user_id === userId && r.channel === channel);

beforeAll(async () => {
  t = await createTestApp({ mailer: adapters.mailer, sms: adapters.sms, whatsapp: adapters.whatsapp });
  admin = await registerUser(t.app, { verified: true });
  await setRole(t.database, admin.user.id, 'Admin');
}, 60_000);
afterAll(async () => t?.close());

describe('alerts and announcements go only to verified email addresses', () => {
  let verified: Member;
  let unverified: Member;
  beforeAll(async () => {
    verified = await registerUser(t.app, { verified: true });
    unverified = await registerUser(t.app);
  });

  it('the audience count in admin comms leaves out unverified addresses', async () => {
    const before = (await call(t.app, 'GET', '/api/comms/audience?kind=newsletter', { token: admin.token })).body.data;
    const extra = await registerUser(t.app);
    const sameCount = (await call(t.app, 'GET', '/api/comms/audience?kind=newsletter', { token: admin.token })).body.data;
    expect(sameCount).toEqual(before);
    await t.database.query('update users set email_validated = true where id = $1', [extra.user.id]);
    const plusOne = (await call(t.app, 'GET', '/api/comms/audience?kind=newsletter', { token: admin.token })).body.data;
    expect(plusOne.recipients).toBe(before.recipients + 1);
    expect(plusOne.channels.email).toBe(before.channels.email + 1);
  });

  it('an announcement is queued for verified members only, and its recipient count says so', async () => {
    mails.length = 0;
    const expected = (await call(t.app, 'GET', '/api/comms/audience?kind=general', { token: admin.token })).body.data;
    const res = await call(t.app, 'POST', '/api/comms/send-announcement', {
      token: admin.token,
      body: { requestId: randomUUID(), kind: 'general', subject: 'Verified only', message: 'Hello' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.recipients).toBe(expected.recipients);
    await expand();
    const queued = await rowsOf('general:');
    const forEvent = queued.filter((r) => r.user_id === verified.user.id || r.user_id === unverified.user.id);
    expect(forEvent.filter((r) => r.user_id === unverified.user.id && r.channel === 'email')).toHaveLength(0);
    await runWorker();
    const to = mails.filter((m) => m.subject === 'Verified only').map((m) => m.to);
    expect(to).toContain(verified.email);
    expect(to).not.toContain(unverified.email);
  });

  it('a Pro alert queued while verified is skipped at send time when the address is no longer verified', async () => {
    const [pro, lapsed] = [await registerUser(t.app, { verified: true }), await registerUser(t.app, { verified: true })];
    await setRole(t.database, pro.user.id, 'Pro');
    await setRole(t.database, lapsed.user.id, 'Pro');
    mails.length = 0;
    const today = sessionToday();
    const split = await call(t.app, 'POST', '/api/rs/add', {
      token: admin.token,
      body: {
        newTicker: {
          name: 'Verify Inc',
          ticker: 'VRFY',
          effDate: today,
          buyDate: today,
          ratio: 15,
          price: 3,
          status: 'Upcoming',
          rsType: 'Round Up',
          caution: false,
        },
      },
    });
    expect(split.status).toBe(200);
    await expand();
    expect(await statusOf('rsa:', lapsed.user.id)).toMatchObject({ status: 'queued' });
    await t.database.query('update users set email_validated = false where id = $1', [lapsed.user.id]);
    await runWorker();
    const to = mails.filter((m) => m.subject.includes('VRFY')).map((m) => m.to);
    expect(to).toContain(pro.email);
    expect(to).not.toContain(lapsed.email);
    const rows = (await rowsOf('rsa:')).filter((r) => r.user_id === lapsed.user.id && r.channel === 'email');
    expect(rows.map((r) => [r.status, r.error])).toEqual([['skipped', 'Email not verified']]);
  });

  it('account emails (verification, password reset) still go to an unverified address', async () => {
    mails.length = 0;
    expect((await call(t.app, 'POST', '/api/users/resend-verification', { token: unverified.token })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/users/request-password-reset', { body: { email: unverified.email } })).status).toBe(
      200,
    );
    await expect.poll(() => mails.filter((m) => m.to === unverified.email).length).toBe(2);
  });
});
