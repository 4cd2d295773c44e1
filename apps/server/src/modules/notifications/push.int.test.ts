import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_AUTH_INVALID, PUSH_ENDPOINT_INVALID, PUSH_P256DH_INVALID } from '@roundup/shared';
import { webPushSender } from '../../adapters/push';
import { addDays, todayInMarket } from '@roundup/shared';
import { addAccount, addSplit, addTrade, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { startPushPeer, type PushPeer } from '../../../test/push/peer';
import { drainDeliveries, recordingAdapters } from '../../../test/recording-adapters';
import { DEVICE_REMOVED } from './push-delivery';
import { notificationsService } from './service';
import { PUSH_ENDPOINT_TAKEN, PUSH_SERVICE_REFUSED } from './subscribe-push';

/**
 * Web push, the fifth alert channel (decision 026), end to end: the real web-push adapter
 * sends to a local push service that checks the VAPID JWT and decrypts each message with the keys
 * only the "browser" holds, so these tests read the text a member's device would show.
 */

let t: TestApp;
let peer: PushPeer;
let admin: Member;
let pro: Member;
let starter: Member;

const { adapters } = recordingAdapters();
const subscribe = (token: string, body: unknown) => call(t.app, 'POST', '/api/notifications/push/subscribe', { token, body });
const devicesOf = async (token: string) =>
  (await call(t.app, 'GET', '/api/notifications/push/devices', { token })).body.data.devices as {
    _id: string;
    endpoint: string;
  }[];
async function deliver() {
  while ((await notificationsService(t.app.ctx).expandFanouts()) > 0);
  return drainDeliveries(t.app.ctx);
}
const pushRows = async (userId: string) =>
  (
    await t.database.query<{ status: string; error: string | null; recipient: string; attempts: number }>(
      `select status, error, recipient, attempts from notification_deliveries where channel = 'push' and user_id = $1 order by created_at`,
      [userId],
    )
  ).rows;

beforeAll(async () => {
  peer = await startPushPeer();
  t = await createTestApp({ ...adapters, config: { PUSH_ALLOWED_HOSTS: ['127.0.0.1'] } });
  // The real adapter, trusting the local push service's test certificate.
  t.app.ctx.push = webPushSender(t.app.ctx.config.vapid, { agent: peer.agent });
  admin = await member(t.app, 'Admin', { verified: true });
  pro = await member(t.app, 'Pro', { verified: true });
  starter = await member(t.app, 'User', { verified: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe('turning push on and off per device', () => {
  it('anyone may read the VAPID public key the browser subscribes with', async () => {
    const res = await call(t.app, 'GET', '/api/notifications/push/key');
    expect(res.status).toBe(200);
    expect(res.body.data.publicKey).toBe(t.app.ctx.config.vapid.publicKey);
    expect(Buffer.from(res.body.data.publicKey, 'base64url')).toHaveLength(65);
  });

  it('refuses what is not a browser subscription, one message per problem, and anonymous callers first', async () => {
    const good = peer.subscribe();
    const bad = await subscribe(pro.token, {
      endpoint: good.endpoint.replace('https:', 'http:'),
      keys: { p256dh: good.keys.p256dh.slice(0, 80), auth: `${good.keys.auth}AA` },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.msg).sort()).toEqual(
      [PUSH_AUTH_INVALID, PUSH_ENDPOINT_INVALID, PUSH_P256DH_INVALID].sort(),
    );
    expect((await subscribe(pro.token, { endpoint: 'https://push.example.net/x', keys: good.keys })).body.errors[0].msg).toBe(
      PUSH_SERVICE_REFUSED,
    );
    expect((await subscribe(pro.token, {})).status).toBe(400);
    expect((await call(t.app, 'POST', '/api/notifications/push/subscribe', { body: {} })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/notifications/push/devices')).status).toBe(401);
  });

  it('the same subscription twice (a double click, two tabs) is one device', async () => {
    const sub = peer.subscribe();
    const [a, b] = await Promise.all([subscribe(pro.token, sub), subscribe(pro.token, sub)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data._id).toBe(b.body.data._id);
    const mine = await devicesOf(pro.token);
    expect(mine.filter((d) => d.endpoint === sub.endpoint)).toHaveLength(1);
    expect((await call(t.app, 'POST', '/api/notifications/push/unsubscribe', { token: pro.token, body: sub })).status).toBe(200);
  });

  it("another member cannot see, take over or turn off a member's device", async () => {
    const sub = peer.subscribe();
    await subscribe(pro.token, sub);
    expect((await devicesOf(starter.token)).some((d) => d.endpoint === sub.endpoint)).toBe(false);
    const other = peer.subscribe();
    const forged = await subscribe(starter.token, { endpoint: sub.endpoint, keys: other.keys });
    expect(forged.status).toBe(409);
    expect(forged.body.errors[0].msg).toBe(PUSH_ENDPOINT_TAKEN);
    const off = await call(t.app, 'POST', '/api/notifications/push/unsubscribe', {
      token: starter.token,
      body: { endpoint: sub.endpoint },
    });
    expect(off.status).toBe(404);
    expect((await devicesOf(pro.token)).some((d) => d.endpoint === sub.endpoint)).toBe(true);
    // Its owner can; a second time answers 404 (already off).
    const body = { endpoint: sub.endpoint };
    expect((await call(t.app, 'POST', '/api/notifications/push/unsubscribe', { token: pro.token, body })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/notifications/push/unsubscribe', { token: pro.token, body })).status).toBe(404);
  });
});

describe('alerts by push, through the queue to the push service', () => {
  it('a Pro member’s device gets the new-split alert once, decrypted as the browser reads it; a Starter’s gets nothing', async () => {
    const device = peer.subscribe();
    const starterDevice = peer.subscribe();
    expect((await subscribe(pro.token, device)).status).toBe(200);
    expect((await subscribe(starter.token, starterDevice)).status).toBe(200);
    const split = await addSplit(t.app, admin.token, { name: 'Pushco', ratio: 25 });
    await deliver();
    const got = peer.received.filter((r) => r.subscription === device.id);
    expect(got).toHaveLength(1);
    const msg = JSON.parse(got[0].text);
    expect(msg.title).toBe(`New reverse split: ${split.ticker} 25:1, Round up`);
    expect(msg.body).toContain(`Pushco (${split.ticker}), 25:1, Round up (not yet confirmed), buy by`);
    expect(msg.url).toBe(`${t.config.appUrl}/reverse-splits?split=${split._id}`);
    expect(got[0].claims.aud).toBe(peer.origin);
    expect(got[0].vapidKey).toBe(t.app.ctx.config.vapid.publicKey);
    expect(got[0].ttl).toBeGreaterThan(0);
    expect(peer.received.some((r) => r.subscription === starterDevice.id)).toBe(false);
    expect(peer.rejected).toEqual([]);
    expect((await pushRows(pro.id)).map((r) => r.status)).toEqual(['sent']);
    // Once only: the worker again and the same split event again send nothing more.
    await notificationsService(t.app.ctx).raise(t.database.db, `rsa:${split._id}`, 'rsa', {});
    await deliver();
    expect(peer.received.filter((r) => r.subscription === device.id)).toHaveLength(1);
    await call(t.app, 'POST', '/api/notifications/push/unsubscribe', { token: pro.token, body: device });
  });

  it('a 410 from the push service removes the device and marks the delivery skipped, not failed', async () => {
    const device = peer.subscribe();
    await subscribe(pro.token, device);
    peer.setMode(device.id, 'gone');
    const before = (await pushRows(pro.id)).length;
    await addSplit(t.app, admin.token);
    await deliver();
    const row = (await pushRows(pro.id)).slice(before);
    expect(row).toEqual([
      expect.objectContaining({ status: 'skipped', error: 'Device gone (push service answered 410); removed' }),
    ]);
    expect((await devicesOf(pro.token)).some((d) => d.endpoint === device.endpoint)).toBe(false);
  });

  it('other failures are retried like every channel, and the retry is delivered once', async () => {
    const device = peer.subscribe({ failures: 1 });
    await subscribe(pro.token, device);
    const before = (await pushRows(pro.id)).length;
    const split = await addSplit(t.app, admin.token);
    await deliver();
    const [row] = (await pushRows(pro.id)).slice(before);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    const got = peer.received.filter((r) => r.subscription === device.id);
    expect(got.map((r) => JSON.parse(r.text).title)).toEqual([`New reverse split: ${split.ticker} 10:1, Round up`]);
    await call(t.app, 'POST', '/api/notifications/push/unsubscribe', { token: pro.token, body: device });
  });

  it('a device turned off after the alert was queued is skipped, and a member who lost Pro gets no split details', async () => {
    const device = peer.subscribe();
    await subscribe(pro.token, device);
    const lapsed = await member(t.app, 'Pro', { verified: true });
    const lapsedDevice = peer.subscribe();
    await subscribe(lapsed.token, lapsedDevice);
    const before = (await pushRows(pro.id)).length;
    await addSplit(t.app, admin.token);
    await notificationsService(t.app.ctx).expandFanouts();
    await call(t.app, 'POST', '/api/notifications/push/unsubscribe', { token: pro.token, body: device });
    await t.database.query(`update users set role = 'User' where id = $1`, [lapsed.id]);
    await deliver();
    expect((await pushRows(pro.id)).slice(before)).toEqual([
      expect.objectContaining({ status: 'skipped', error: DEVICE_REMOVED }),
    ]);
    expect(await pushRows(lapsed.id)).toEqual([expect.objectContaining({ status: 'skipped', error: 'Not a Pro member' })]);
    expect(peer.received.some((r) => r.subscription === device.id || r.subscription === lapsedDevice.id)).toBe(false);
  });

  it('a sell reminder reaches each device of the member whose shares are due, once', async () => {
    const seller = await member(t.app, 'Pro', { verified: true });
    const [phone, laptop] = [peer.subscribe(), peer.subscribe()];
    await subscribe(seller.token, phone);
    await subscribe(seller.token, laptop);
    const today = todayInMarket();
    const splitId = await insertSplit(t.database, { ticker: 'SELLP', effDate: addDays(today, -1), buyDate: addDays(today, -2) });
    const accountId = await addAccount(t.app, seller.token, { brokerId: await insertBroker(t.database, { shareReturnTime: 1 }) });
    expect((await addTrade(t.app, seller.token, { accountId, splitId, buy_price: 1 })).status).toBe(200);
    const s = notificationsService(t.app.ctx);
    await s.sellReminders(today);
    await s.sellReminders(today);
    await deliver();
    for (const device of [phone, laptop]) {
      const got = peer.received.filter((r) => r.subscription === device.id).map((r) => JSON.parse(r.text));
      expect(got).toEqual([expect.objectContaining({ title: 'Your round-up shares should be back: SELLP' })]);
    }
  });
});
