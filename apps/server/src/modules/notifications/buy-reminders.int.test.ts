import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { drainDeliveries, recordingAdapters } from '../../../test/recording-adapters';
import { notificationsService } from './service';

/**
 * On the buy-by day, one reminder at the open and one an hour before the close (noon
 * on a half day), each member choosing which, on every channel they enabled, once only.
 */

// The day after Thanksgiving 2026 closes at 1:00 pm New York (EST, UTC−5).
const BUY_DAY = '2026-11-27';
let now = new Date('2026-11-20T15:00:00Z');

let t: TestApp;
const { mails, texts, adapters } = recordingAdapters();
let admin: Member;
let both: Member;
let openOnly: Member;
let closeOnly: Member;
let none: Member;
let splitId: string;

const service = () => notificationsService(t.app.ctx);
async function expand() {
  while ((await service().expandFanouts()) > 0);
}
/** Who got a buy-day reminder of this kind ('buy' at the open, 'buyClose' before the close), per channel. */
async function reminded(prefix: 'buy' | 'buyClose') {
  const { rows } = await t.database.query<{ user_id: string; channel: string }>(
    `select user_id::text as user_id, channel from notification_deliveries where idem_key like $1 order by user_id, channel`,
    [`${prefix}:${splitId}:${BUY_DAY}:%`],
  );
  return rows.map((r) => `${[both, openOnly, closeOnly, none, admin].find((m) => m.id === r.user_id)?.email}:${r.channel}`);
}
const at = async (instant: string) => {
  now = new Date(instant);
  const ran = await service().runSchedules(now);
  await expand();
  return ran;
};
const choose = (m: Member, notifications: Record<string, boolean>) =>
  call(t.app, 'POST', '/api/users/update-self', { token: m.token, body: { notifications } });

beforeAll(async () => {
  t = await createTestApp({ ...adapters, clock: () => now });
  admin = await member(t.app, 'Admin', { verified: true });
  await choose(admin, { buyReminderRsa: false, rsa: false });
  both = await member(t.app, 'Pro', { verified: true });
  openOnly = await member(t.app, 'Pro', { verified: true });
  closeOnly = await member(t.app, 'Pro', { verified: true });
  none = await member(t.app, 'Pro', { verified: true });
  // `both` also gets texts, and reads times on the Pacific clock.
  await t.database.query(
    `update users set phone = '+14155550140', phone_validated = true, notify_rsa_sms = true, time_zone = 'America/Los_Angeles' where id = $1`,
    [both.id],
  );
  expect((await choose(openOnly, { buyReminderClose: false })).status).toBe(200);
  expect((await choose(closeOnly, { buyReminderOpen: false })).status).toBe(200);
  expect((await choose(none, { buyReminderOpen: false, buyReminderClose: false })).status).toBe(200);
  const split = await addSplit(t.app, admin.token, {
    ticker: 'HALFQ',
    exchange: 'Nasdaq',
    buyDate: BUY_DAY,
    effDate: '2026-11-30',
  });
  splitId = split._id;
});
afterAll(async () => t.close());

describe('buy-day reminders at the open and before the close', () => {
  it('the member sees and changes the choice in their notification settings', async () => {
    const self = await call(t.app, 'GET', '/api/users/self', { token: closeOnly.token });
    expect(self.body.data.user.notifications).toMatchObject({ buyReminderOpen: false, buyReminderClose: true });
  });

  it('sends nothing before the open', async () => {
    expect(await at('2026-11-27T14:29:00Z')).toEqual(['sell']);
    expect(await reminded('buy')).toEqual([]);
  });

  it('at the open: to the members who chose it, on every channel they enabled', async () => {
    expect(await at('2026-11-27T14:30:00Z')).toEqual(['buy']);
    expect((await reminded('buy')).sort()).toEqual(
      [`${both.email}:email`, `${both.email}:sms`, `${openOnly.email}:email`].sort(),
    );
    expect(await reminded('buyClose')).toEqual([]);
  });

  it('an hour before the close (noon on the half day): to the members who chose that one', async () => {
    expect(await at('2026-11-27T16:59:00Z')).toEqual([]);
    expect(await at('2026-11-27T17:00:00Z')).toEqual(['buyClose']);
    expect((await reminded('buyClose')).sort()).toEqual(
      [`${both.email}:email`, `${both.email}:sms`, `${closeOnly.email}:email`].sort(),
    );
  });

  it('once only: running the schedules again, or the admin button, queues nothing new', async () => {
    const count = async () =>
      (await t.database.query<{ n: number }>('select count(*)::int as n from notification_deliveries')).rows[0].n;
    const before = await count();
    expect(await at('2026-11-27T17:30:00Z')).toEqual([]);
    await service().buyReminders(BUY_DAY, 'open');
    await service().buyReminders(BUY_DAY, 'close');
    await expand();
    expect(await count()).toBe(before);
  });

  it('the messages carry the deadline in New York time and the member’s own', async () => {
    mails.length = 0;
    texts.length = 0;
    await drainDeliveries(t.app.ctx);
    const toBoth = mails.filter((m) => m.to === both.email).map((m) => m.subject);
    expect(toBoth).toEqual(
      expect.arrayContaining([
        'Buy today: HALFQ by 1:00 pm ET (10:00 am PT)',
        'One hour to the close: buy HALFQ by 1:00 pm ET (10:00 am PT)',
      ]),
    );
    const toOpenOnly = mails.filter((m) => m.to === openOnly.email && !m.subject.startsWith('New reverse split'));
    expect(toOpenOnly.map((m) => m.subject)).toEqual(['Buy today: HALFQ by 1:00 pm ET']);
    expect(toOpenOnly[0].text).toContain('Buy by 1:00 pm ET Fri Nov 27; halt 7:50 pm ET');
    expect(texts.filter((x) => x.to === '+14155550140').map((x) => x.body)).toEqual(
      expect.arrayContaining([expect.stringContaining('One hour to the close: buy HALFQ by 1:00 pm ET (10:00 am PT)')]),
    );
  });

  it('too late once the session has closed: no reminder after 1:00 pm on the half day', async () => {
    expect(await at('2026-11-27T18:00:00Z')).toEqual([]);
  });
});
