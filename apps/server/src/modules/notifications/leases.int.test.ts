import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../../adapters/mail';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { recordingAdapters } from '../../../test/recording-adapters';
import { deliveryMessageId, type DeliveryOptions } from './delivery';
import { notificationsRepo } from './repo';
import { notificationsService } from './service';

/**
 * The worker's claims (decision 005): each delivery is marked sent as soon as its own
 * send resolves, a heartbeat renews the leases of the deliveries the worker still holds (and drops
 * the ones another worker claimed since), and every try of an email carries the same Message-ID.
 */
let t: TestApp;
const sent: MailMessage[] = [];
/** Every try, the failed ones included. */
const tries: MailMessage[] = [];
let gate: ((m: MailMessage) => Promise<void> | undefined) | null = null;
let failOnce: Set<string> = new Set();
const mailer: Mailer = {
  kind: 'outbox',
  async send(m) {
    const wait = gate?.(m);
    if (wait) await wait;
    tries.push(m);
    if (failOnce.delete(m.to)) throw new Error('provider down');
    sent.push(m);
    return { id: `mail-${sent.length}` };
  },
};

const opts = (o: Partial<DeliveryOptions>): DeliveryOptions => ({
  batchSize: 50,
  concurrency: 5,
  leaseMs: 60_000,
  backoffBaseMs: 0,
  maxAttempts: 3,
  ...o,
});
const service = () => notificationsService(t.app.ctx);

async function until(what: string, cond: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 30_000; // hang detection only
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A gate that holds the first send until released. */
function holdFirst() {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let first: MailMessage | null = null;
  gate = (m) => {
    if (first) return undefined;
    first = m;
    return released;
  };
  return { release, first: () => first };
}

type Row = { id: string; idem_key: string; recipient: string; status: string; attempts: number; locked_until: Date | null };
async function rowsOf(key: string): Promise<Row[]> {
  return (
    await t.database.query<Row>(
      `select d.id::text as id, d.idem_key, d.recipient, d.status, d.attempts, d.locked_until
       from notification_deliveries d join notification_events e on e.id = d.event_id where e.key = $1 order by d.recipient`,
      [key],
    )
  ).rows;
}

/** An announcement to `n` new verified Pro members, fanned out (queued, not sent). */
async function announce(key: string, n: number): Promise<Row[]> {
  await t.database.query(`delete from users`); // the earlier tests' members (and their deliveries)
  await t.database.query(
    `insert into users (username, email, password_hash, role, email_validated)
     select $1 || g, $1 || g || '@example.com', 'x', 'Pro', true from generate_series(1, ${n}) g`,
    [key.replace(/\W/g, '')],
  );
  await t.database.db.transaction(async (tx) =>
    service().raise(tx as never, `newsletter:${key}`, 'newsletter', { subject: key, message: 'Hi' }),
  );
  while ((await service().expandFanouts()) > 0);
  return rowsOf(`newsletter:${key}`);
}

beforeAll(async () => {
  t = await createTestApp({ ...recordingAdapters().adapters, mailer });
});
afterAll(async () => t?.close());

describe('delivery claims', () => {
  it('marks each delivery sent when its own send resolves, not when the slowest of its group does', async () => {
    const queued = await announce('per-send', 6);
    expect(queued.map((r) => r.status)).toEqual(Array(6).fill('queued'));
    const hold = holdFirst();
    const batch = service().deliverBatch(opts({ concurrency: 2 }));
    // One send hangs; the other five go out and are recorded meanwhile (the other sender carries on).
    await until('five sent while one send hangs', async () => {
      const rows = await rowsOf('newsletter:per-send');
      return rows.filter((r) => r.status === 'sent').length === 5;
    });
    const hung = (await rowsOf('newsletter:per-send')).find((r) => r.status !== 'sent')!;
    expect(hung).toMatchObject({ status: 'sending', recipient: hold.first()!.to });
    hold.release();
    await batch;
    expect((await rowsOf('newsletter:per-send')).map((r) => r.status)).toEqual(Array(6).fill('sent'));
    gate = null;
  });

  it('renews the leases of a batch in progress, and does not send a delivery another worker has claimed since', async () => {
    const leaseMs = 1500; // heartbeat every 500 ms
    await announce('heartbeat', 3);
    const hold = holdFirst();
    const batch = service().deliverBatch(opts({ concurrency: 1, leaseMs }));
    await until('the first send started', () => hold.first() !== null);
    const claimed = await rowsOf('newsletter:heartbeat');
    expect(claimed.map((r) => r.status)).toEqual(['sending', 'sending', 'sending']);
    const firstLease = Math.max(...claimed.map((r) => new Date(r.locked_until!).getTime()));

    // The first lease would have lapsed by now; the heartbeat has moved it on, so no one else can claim the batch.
    await until('the first lease over', () => Date.now() > firstLease + 100);
    const renewed = await rowsOf('newsletter:heartbeat');
    for (const r of renewed) expect(new Date(r.locked_until!).getTime()).toBeGreaterThan(firstLease);
    expect(await notificationsRepo(t.database.db).claim(new Date(), 10, leaseMs)).toEqual([]);

    // Another worker claims one of the waiting deliveries (as it would once a lease lapsed): a claim adds one to attempts.
    const waiting = renewed.filter((r) => r.recipient !== hold.first()!.to);
    const stolen = waiting[0];
    const stolenAt = Date.now();
    await t.database.query(
      `update notification_deliveries set attempts = attempts + 1, locked_until = now() + interval '1 hour' where id = $1`,
      [stolen.id],
    );
    // Wait for a heartbeat after the steal: it renews the rows this worker still holds past stolenAt + lease.
    await until('a heartbeat after the steal', async () => {
      const r = (await rowsOf('newsletter:heartbeat')).find((x) => x.id === waiting[1].id)!;
      return new Date(r.locked_until!).getTime() > stolenAt + leaseMs;
    });
    hold.release();
    await batch;
    gate = null;

    const after = await rowsOf('newsletter:heartbeat');
    expect(after.find((r) => r.id === stolen.id)).toMatchObject({ status: 'sending', attempts: 2 }); // the other worker's
    expect(after.filter((r) => r.id !== stolen.id).map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(sent.map((m) => m.to)).not.toContain(stolen.recipient);
  });

  it('a failed try of a lapsed claim does not requeue the delivery another worker now holds', async () => {
    const [row] = await announce('fenced-fail', 1);
    const repo = notificationsRepo(t.database.db);
    const [mine] = await repo.claim(new Date(), 10, 1000);
    expect(mine.id).toBe(row.id);
    // The lease lapsed and another worker claimed it (attempts 2); the first worker's failure comes in late.
    await t.database.query(`update notification_deliveries set attempts = attempts + 1 where id = $1`, [row.id]);
    await repo.markFailed(mine.id, mine.attempts, 'late failure', new Date(), new Date());
    expect((await rowsOf('newsletter:fenced-fail'))[0]).toMatchObject({ status: 'sending', attempts: 2 });
    expect(await repo.renewLeases([{ id: mine.id, attempts: mine.attempts }], new Date(), 1000)).toEqual([]);
    expect(await repo.renewLeases([{ id: mine.id, attempts: 2 }], new Date(), 1000)).toEqual([mine.id]);
  });

  it('decides leases by the database clock: a worker 60 s fast takes no live claim, one 60 s slow takes a dead one', async () => {
    const [row] = await announce('clock-skew', 1);
    const repo = notificationsRepo(t.database.db);
    const [live] = await repo.claim(new Date(), 10, 15_000);
    expect(live.id).toBe(row.id);
    // Its claimer is alive (15 s lease); a worker whose clock runs a minute ahead still sees it held.
    expect(await repo.claim(new Date(Date.now() + 60_000), 10, 15_000)).toEqual([]);
    // Its claimer died and the lease ran out; a worker whose clock runs a minute behind takes it over.
    await t.database.query(`update notification_deliveries set locked_until = now() - interval '1 second' where id = $1`, [
      row.id,
    ]);
    const taken = await repo.claim(new Date(Date.now() - 60_000), 10, 15_000);
    expect(taken.map((d) => [d.id, d.attempts])).toEqual([[row.id, 2]]);
  });

  it('gives every email its delivery’s Message-ID, the same on a retry', async () => {
    const rows = await announce('message-id', 3);
    failOnce = new Set([rows[0].recipient]);
    sent.length = 0;
    tries.length = 0;
    while ((await service().deliverBatch(opts({}))) > 0);
    expect((await rowsOf('newsletter:message-id')).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 1],
      ['sent', 1],
    ]);
    const ids = new Map(rows.map((r) => [r.recipient, deliveryMessageId(r.idem_key, t.config.appUrl)]));
    expect(new Set(ids.values()).size).toBe(3);
    expect(tries).toHaveLength(4);
    for (const m of tries) expect(m.messageId).toBe(ids.get(m.to));
    expect(tries.filter((m) => m.to === rows[0].recipient)).toHaveLength(2);
  });
});
