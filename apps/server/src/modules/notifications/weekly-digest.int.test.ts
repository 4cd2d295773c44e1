import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@roundup/shared';
import { addAccount, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { drainDeliveries, recordingAdapters } from '../../../test/recording-adapters';
import { notificationsService } from './service';

/**
 * Decision 031: the weekly reconciliation digest email. Opt-in (off by default), on
 * Mondays from 08:00 New York, once per member per week however often the schedule runs and however
 * many workers run it, with the member's To do lines and received shares not sold; no email when
 * there is nothing to check.
 */

// Monday 30 November 2026, 8:00 am in New York (EST, UTC−5).
const MONDAY = '2026-11-30';
let now = new Date('2026-11-30T12:59:00Z');

let t: TestApp;
const { mails, adapters } = recordingAdapters();
let opted: Member;
let optedNothing: Member;
let notOpted: Member;
let unverified: Member;
let broker: string;

const service = () => notificationsService(t.app.ctx);
/** Runs the schedules at `instant` (a worker's tick) and expands what they raised. */
async function at(instant: string) {
  now = new Date(instant);
  const ran = await service().runSchedules(now);
  while ((await service().expandFanouts()) > 0);
  return ran;
}
async function digests() {
  const { rows } = await t.database.query<{ idem_key: string; user_id: string }>(
    `select idem_key, user_id::text as user_id from notification_deliveries where idem_key like 'digest:%' order by idem_key`,
  );
  return rows.map(
    (r) => `${r.idem_key.split(':')[1]} ${[opted, optedNothing, notOpted, unverified].find((m) => m.id === r.user_id)?.email}`,
  );
}
const choose = (m: Member, notifications: Record<string, boolean>) =>
  call(t.app, 'POST', '/api/users/update-self', { token: m.token, body: { notifications } });

async function split(ticker: string, effDate: string, rsType = 'Round Up') {
  const id = await insertSplit(t.database, { ticker, effDate, buyDate: addDays(effDate, -1), status: 'Complete' });
  await t.database.query(`update reverse_splits set rs_type = $2 where id = $1`, [id, rsType]);
  return id;
}
async function record(who: Member, splitId: string, effDate: string, fields: Record<string, unknown>) {
  const accountId = await addAccount(t.app, who.token, { brokerId: broker });
  const res = await call(t.app, 'POST', '/api/trades/bulk', {
    token: who.token,
    body: { splitId, accountIds: [accountId], buy_date: addDays(effDate, -1), buy_price: 1, ...fields },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ ...adapters, clock: () => now });
  broker = await insertBroker(t.database, { name: 'Digest Broker' });
  opted = await member(t.app, 'Pro', { verified: true });
  optedNothing = await member(t.app, 'Pro', { verified: true });
  notOpted = await member(t.app, 'Pro', { verified: true });
  unverified = await member(t.app, 'Pro');
  for (const m of [opted, optedNothing, unverified]) expect((await choose(m, { reconcileDigest: true })).status).toBe(200);

  // Effective 6 days before Monday: a pending account is overdue (5 days, no measured median).
  const late = await split('DLATE', addDays(MONDAY, -6));
  const held = await split('DHELD', addDays(MONDAY, -3), 'CIL');
  const owed = await split('DOWED', addDays(MONDAY, -4));
  await record(opted, late, addDays(MONDAY, -6), { outcome: 'pending' });
  await record(opted, late, addDays(MONDAY, -6), { outcome: 'pending' });
  await record(opted, held, addDays(MONDAY, -3), { outcome: 'share_received', outcome_date: addDays(MONDAY, -2) });
  await record(opted, owed, addDays(MONDAY, -4), { outcome: 'cash_in_lieu', cash_in_lieu_amount: 0.42 });
  // Nothing to check: a fresh pending account (not due yet) and a share received and sold.
  await record(optedNothing, await split('DFRSH', addDays(MONDAY, -2)), addDays(MONDAY, -2), { outcome: 'pending' });
  await record(optedNothing, held, addDays(MONDAY, -3), {
    outcome: 'share_received',
    outcome_date: addDays(MONDAY, -2),
    sell_date: addDays(MONDAY, -1),
    sell_price: 9,
  });
  // Has lines, but never opted in; has lines, but no verified email.
  await record(notOpted, late, addDays(MONDAY, -6), { outcome: 'pending' });
  await record(unverified, late, addDays(MONDAY, -6), { outcome: 'pending' });
});
afterAll(async () => t?.close());

describe('the weekly reconciliation digest', () => {
  it('is off by default, and the member turns it on in their notification settings', async () => {
    const self = await call(t.app, 'GET', '/api/users/self', { token: notOpted.token });
    expect(self.body.data.user.notifications.reconcileDigest).toBe(false);
    const mine = await call(t.app, 'GET', '/api/users/self', { token: opted.token });
    expect(mine.body.data.user.notifications.reconcileDigest).toBe(true);
  });

  it('goes out on Monday from 08:00 New York, only to members who opted in and have something to check', async () => {
    expect(await at('2026-11-30T12:59:00Z')).toEqual([]);
    expect(await digests()).toEqual([]);
    expect(await at('2026-11-30T13:00:00Z')).toEqual(['sell', 'digest']);
    expect(await digests()).toEqual([`${MONDAY} ${opted.email}`]);
  });

  it('lists the overdue, unsold and may-be-owed accounts, with an unsubscribe link', async () => {
    mails.length = 0;
    await drainDeliveries(t.app.ctx);
    const mine = mails.filter((m) => m.to === opted.email);
    expect(mine.map((m) => m.subject)).toEqual(['Your week in RoundUp: 4 accounts to check']);
    const { text, html, headers } = mine[0];
    expect(text).toContain(
      'Bought, but no outcome recorded yet:\n- DLATE at Digest Broker: 2 accounts, expected by November 29, 2026',
    );
    expect(text).toContain('Shares received, not sold yet:\n- DHELD at Digest Broker: 1 account');
    expect(text).toContain('(the broker may owe you a share):\n- DOWED at Digest Broker: 1 account');
    expect(text).not.toContain('DFRSH');
    expect(html).toContain('DLATE at Digest Broker: 2 accounts');
    expect(text).toContain('Unsubscribe: http://localhost:3000/api/notifications/unsubscribe?token=');
    expect(headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=.+>$/);
    expect(mails.filter((m) => m.subject.startsWith('Your week'))).toHaveLength(1);
  });

  it('once per member per week: later ticks, a second worker at the same moment and retries add nothing', async () => {
    const count = async () =>
      (await t.database.query<{ n: number }>(`select count(*)::int as n from notification_events where kind = 'reconcileDigest'`))
        .rows[0].n;
    const [a, b] = await Promise.all([
      notificationsService(t.app.ctx).runSchedules(new Date('2026-11-30T13:01:00Z')),
      notificationsService(t.app.ctx).runSchedules(new Date('2026-11-30T13:01:00Z')),
    ]);
    expect([...a, ...b]).not.toContain('digest');
    expect(await at('2026-11-30T20:00:00Z')).not.toContain('digest');
    // Tuesday is not a digest day.
    expect(await at('2026-12-01T14:00:00Z')).not.toContain('digest');
    expect(await count()).toBe(1);
    expect(await digests()).toEqual([`${MONDAY} ${opted.email}`]);
    mails.length = 0;
    await drainDeliveries(t.app.ctx);
    expect(mails.filter((m) => m.subject.startsWith('Your week'))).toEqual([]);
  });

  it('comes again the next Monday while there is something to check, and stops after one click on its unsubscribe link', async () => {
    expect(await at('2026-12-07T13:30:00Z')).toContain('digest');
    // The account that was fresh last week is overdue now.
    expect((await digests()).sort()).toEqual(
      [`${MONDAY} ${opted.email}`, `2026-12-07 ${opted.email}`, `2026-12-07 ${optedNothing.email}`].sort(),
    );
    mails.length = 0;
    await drainDeliveries(t.app.ctx);
    const link = /Unsubscribe: (\S+)/.exec(mails.find((m) => m.to === opted.email)?.text ?? '')?.[1];
    const url = new URL(link!);
    const res = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.json()).toEqual({ data: { unsubscribed: 'reconcileDigest' }, errors: [] });
    const self = await call(t.app, 'GET', '/api/users/self', { token: opted.token });
    expect(self.body.data.user.notifications).toMatchObject({ reconcileDigest: false, sellRsa: true });
    expect(await at('2026-12-14T13:30:00Z')).toContain('digest');
    expect((await digests()).filter((d) => d.startsWith('2026-12-14'))).toEqual([`2026-12-14 ${optedNothing.email}`]);
  });

  it('is not sent to a member who turned it off after it was queued', async () => {
    expect((await choose(optedNothing, { reconcileDigest: false })).status).toBe(200);
    mails.length = 0;
    await drainDeliveries(t.app.ctx);
    expect(mails.filter((m) => m.subject.startsWith('Your week'))).toEqual([]);
    const { rows } = await t.database.query<{ status: string; error: string }>(
      `select status, error from notification_deliveries where idem_key = $1`,
      [`digest:2026-12-14:${optedNothing.id}:email`],
    );
    expect(rows).toEqual([{ status: 'skipped', error: 'Turned off the weekly reconciliation digest' }]);
  });
});
