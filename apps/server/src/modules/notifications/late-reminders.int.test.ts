import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { drainDeliveries, recordingAdapters } from '../../../test/recording-adapters';
import { notificationsService } from './service';

/**
 * The buy-by deadline closes reminders: nothing that says "Buy" goes out after the close, whether it
 * was queued before it or the admin presses "Send daily reminders" late in the evening.
 */

// The day after Thanksgiving 2026 closes at 1:00 pm New York (EST, UTC−5).
const BUY_DAY = '2026-11-27';
let now = new Date('2026-11-20T15:00:00Z');

let t: TestApp;
const { mails, adapters } = recordingAdapters();
let admin: Member;
let pro: Member;
let second: Member;

const service = () => notificationsService(t.app.ctx);
const buyMails = (to: string) => mails.filter((m) => m.to === to && /^(Buy today|One hour to the close)/.test(m.subject));
const eventCount = async () =>
  (await t.database.query<{ n: number }>(`select count(*)::int as n from notification_events where key like 'buy%'`)).rows[0].n;

beforeAll(async () => {
  t = await createTestApp({ ...adapters, clock: () => now });
  admin = await member(t.app, 'Admin', { verified: true });
  await call(t.app, 'POST', '/api/users/update-self', { token: admin.token, body: { notifications: { buyReminderRsa: false } } });
  pro = await member(t.app, 'Pro', { verified: true });
  second = await member(t.app, 'Pro', { verified: true });
  await addSplit(t.app, admin.token, { ticker: 'DMFQ', exchange: 'Nasdaq', buyDate: BUY_DAY, effDate: '2026-11-30' });
  await drainDeliveries(t.app.ctx);
});
afterAll(async () => t.close());

describe('reminders after the buy-by deadline', () => {
  it('before the close, the admin is asked with the number of members the reminders reach', async () => {
    now = new Date('2026-11-27T16:00:00Z'); // 11:00 am ET
    const res = await call(t.app, 'GET', '/api/rs/send-update/preview', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      date: BUY_DAY,
      tickers: ['DMFQ'],
      recipients: 2,
      closesAt: '2026-11-27T18:00:00.000Z',
      closed: false,
      msg: 'Send buy reminders for DMFQ (closes 1:00 pm ET) to 2 members?',
    });
    expect((await call(t.app, 'GET', '/api/rs/send-update/preview', { token: pro.token })).status).toBe(403);
  });

  it('a reminder queued before the close is not sent after it', async () => {
    now = new Date('2026-11-27T17:10:00Z'); // 12:10 pm ET: both reminders are due
    expect(await service().runSchedules(now)).toEqual(expect.arrayContaining(['buy', 'buyClose']));
    while ((await service().expandFanouts()) > 0);
    now = new Date('2026-11-28T03:25:00Z'); // 10:25 pm ET, the worker was down until now
    await drainDeliveries(t.app.ctx);
    expect(buyMails(pro.email)).toEqual([]);
    expect(buyMails(second.email)).toEqual([]);
    const { rows } = await t.database.query<{ status: string; error: string }>(
      `select distinct d.status, d.error from notification_deliveries d join notification_events e on e.id = d.event_id
        where e.kind in ('buyReminder', 'buyReminderClose')`,
    );
    expect(rows).toEqual([{ status: 'skipped', error: 'The buy-by deadline passed (1:00 pm ET)' }]);
  });

  it('after the close, "Send daily reminders" refuses and raises nothing', async () => {
    now = new Date('2026-11-28T03:50:00Z'); // 10:50 pm ET
    const preview = await call(t.app, 'GET', '/api/rs/send-update/preview', { token: admin.token });
    expect(preview.body.data).toMatchObject({ closed: true, msg: 'Too late: DMFQ closed at 1:00 pm ET. No reminders sent.' });
    const before = await eventCount();
    const res = await call(t.app, 'GET', '/api/rs/send-update', { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([{ msg: 'Too late: DMFQ closed at 1:00 pm ET. No reminders sent.' }]);
    expect(await eventCount()).toBe(before);
    await drainDeliveries(t.app.ctx);
    expect(buyMails(pro.email)).toEqual([]);
  });
});
