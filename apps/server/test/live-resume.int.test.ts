import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@roundup/shared';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { signalChange } from '../src/modules/splits/repo';
import { call, createTestApp, dbKind, registerUser, setRole, type TestApp } from './helpers';

/**
 * Decision 006: the live stream's event ids are counted by the database, so a client
 * resumes on another replica correctly whatever the replicas' clocks say. Two app instances on one
 * database: A, and B whose clock is 10 minutes slow (on PostgreSQL B has its own pool and LISTEN
 * connection; PGlite is one process, so B shares its instance and listens in process).
 */

// 15:00 UTC = 10:00 in New York; B's 14:50 is the same market day.
const NOW = new Date('2026-03-10T15:00:00Z');
const TODAY = '2026-03-10';
const SKEW_MS = -10 * 60_000;
/** Hang detection only: every wait below ends on a condition. */
const PATIENCE_MS = 20_000;

let a: TestApp;
let b: FastifyInstance;
let bDatabase: Database;
const base: Record<'a' | 'b', string> = { a: '', b: '' };
let admin: string;

interface SseEvent {
  id: number | null;
  event: string;
  data: string;
}

/** An open /api/events stream and the events read from it so far. */
async function stream(on: 'a' | 'b', token: string, lastEventId?: string) {
  const ctrl = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const res = await fetch(`${base[on]}/api/events`, { headers, signal: ctrl.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const events: SseEvent[] = [];
  const parse = () => {
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const field = (name: string) =>
        block
          .split('\n')
          .find((l) => l.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      const event = field('event');
      if (event) events.push({ id: field('id') === undefined ? null : Number(field('id')), event, data: field('data') ?? '' });
    }
  };
  return {
    events,
    /** Reads until `test` holds for the events so far; answers the first event for which it does. */
    async until(test: (e: SseEvent) => boolean, what: string): Promise<SseEvent> {
      const deadline = Date.now() + PATIENCE_MS;
      for (;;) {
        const found = events.find(test);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${what} on ${on}: ${JSON.stringify(events)}`);
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), left))]);
        if (chunk?.done) throw new Error(`stream on ${on} ended before ${what}: ${JSON.stringify(events)}`);
        if (chunk) {
          text += decoder.decode(chunk.value, { stream: true });
          parse();
        }
      }
    },
    close: () => ctrl.abort(),
  };
}
type Stream = Awaited<ReturnType<typeof stream>>;

const hello = async (s: Stream) => (await s.until((e) => e.event === 'hello', 'hello')).id!;
const splitsEvent = (s: Stream) => s.until((e) => e.event === 'splits', 'splits event');
/** Waits until the stream has announced change `id` (a change event, or a resync, with that id). */
const reaches = (s: Stream, id: number) => s.until((e) => e.event === 'splits' && e.id! >= id, `change ${id}`);

let seq = 0;
async function addSplit(on: FastifyInstance) {
  seq += 1;
  const res = await call(on, 'POST', '/api/rs/add', {
    token: admin,
    body: {
      newTicker: {
        name: `Resume Corp ${seq}`,
        ticker: `RSUME${seq}`,
        effDate: addDays(TODAY, 7),
        buyDate: addDays(TODAY, 6),
        ratio: 10,
        price: 1.5,
        estProfit: '',
        avgProfit: 0,
        status: 'Upcoming',
        rsType: 'Round Up',
        source: 'https://www.sec.gov/example',
        notes: '',
        caution: false,
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A Pro member of its own for each test: each keeps well under the per-member stream limit. */
async function pro(): Promise<string> {
  const u = await registerUser(a.app);
  await setRole(a.database, u.user._id ?? u.user.id, 'Pro');
  return u.token;
}

beforeAll(async () => {
  a = await createTestApp({ clock: () => NOW });
  bDatabase = dbKind === 'postgres' ? await openDatabase({ url: a.database.url!, poolSize: 4 }) : a.database;
  b = await buildApp({
    database: bDatabase,
    config: a.config,
    webDist: null,
    logger: false,
    clock: () => new Date(NOW.getTime() + SKEW_MS),
  });
  for (const [name, app] of [
    ['a', a.app],
    ['b', b],
  ] as const) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    base[name] = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }
  const u = await registerUser(a.app);
  await setRole(a.database, u.user._id ?? u.user.id, 'Admin');
  admin = u.token;
});

afterAll(async () => {
  await b?.close();
  if (bDatabase && bDatabase !== a?.database) await bDatabase.close();
  await a?.close();
});

describe('live stream event ids across two app instances with skewed clocks', () => {
  it('are the same on both instances, and move by one per committed change whichever instance wrote it', async () => {
    const token = await pro();
    const onA = await stream('a', token);
    const onB = await stream('b', token);
    const n = await hello(onA);
    expect(await hello(onB)).toBe(n);

    await addSplit(a.app);
    expect((await reaches(onA, n + 1)).id).toBe(n + 1);
    expect((await reaches(onB, n + 1)).id).toBe(n + 1);
    await addSplit(b);
    expect((await reaches(onA, n + 2)).id).toBe(n + 2);
    expect((await reaches(onB, n + 2)).id).toBe(n + 2);
    for (const s of [onA, onB]) expect(s.events.filter((e) => e.data.includes('resync'))).toEqual([]);
    onA.close();
    onB.close();
  });

  it('resumes on B from an id seen on A: no resync when nothing changed, a resync when a change made through A was missed', async () => {
    const token = await pro();
    const watchB = await stream('b', token);
    await hello(watchB);

    // Saw id N on A, resumes on B with N: the first splits event is the next real change, not a resync.
    const first = await stream('a', token);
    const n = await hello(first);
    first.close();
    const resumed = await stream('b', token, String(n));
    expect(await hello(resumed)).toBe(n);
    await addSplit(a.app);
    const next = await splitsEvent(resumed);
    expect(next).toEqual({ id: n + 1, event: 'splits', data: '{"kind":"changed"}' });
    resumed.close();

    // Saw N+1 on A, went away; a change is made through A; resumes on B (once B has heard of it).
    const second = await stream('a', token);
    expect(await hello(second)).toBe(n + 1);
    second.close();
    await addSplit(a.app);
    await reaches(watchB, n + 2);
    const back = await stream('b', token, String(n + 1));
    expect(await hello(back)).toBe(n + 2);
    expect(await splitsEvent(back)).toEqual({ id: n + 2, event: 'splits', data: '{"kind":"resync"}' });
    back.close();
    watchB.close();
  });

  it('answers a resync, never an error, to an id it cannot vouch for', async () => {
    const token = await pro();
    const probe = await stream('b', token);
    const n = await hello(probe);
    probe.close();
    // A clock-based id from before (milliseconds), a newer id than B knows, and garbage.
    for (const lastEventId of [String(Date.now()), String(n + 5), 'changed']) {
      const s = await stream('b', token, lastEventId);
      expect(await hello(s)).toBe(n);
      expect(await splitsEvent(s)).toEqual({ id: n, event: 'splits', data: '{"kind":"resync"}' });
      s.close();
    }
    // A signal without an id (an operator's pg_notify, a process of the version before counted ids):
    // the stream re-reads the id from the database and announces a change with it.
    const s = await stream('b', token, String(n));
    await hello(s);
    await a.database.query(`select pg_notify('roundup_splits', 'changed')`);
    expect(await splitsEvent(s)).toEqual({ id: n, event: 'splits', data: '{"kind":"changed"}' });
    s.close();
  });

  it('never moves an id for a write that rolled back, and numbers concurrent writes in commit order', async () => {
    const token = await pro();
    const onA = await stream('a', token);
    const onB = await stream('b', token);
    const n = await hello(onA);
    expect(await hello(onB)).toBe(n);

    // A split write that counted its change, then rolled back: nobody sees its number.
    await expect(
      a.database.db.transaction(async (tx) => {
        expect(await signalChange(tx)).toBe(n + 1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // The next committed write takes that number, so a client holding N is told it missed a change
    // and one holding N+1 later is not told so forever.
    await addSplit(b);
    expect((await reaches(onA, n + 1)).id).toBe(n + 1);
    expect((await reaches(onB, n + 1)).id).toBe(n + 1);

    // Six writes at once through both instances: six numbers, each stream's ids never go back,
    // and both instances end on the same id.
    await Promise.all([a.app, b, a.app, b, a.app, b].map((app) => addSplit(app)));
    for (const s of [onA, onB]) {
      await reaches(s, n + 7);
      const ids = s.events.filter((e) => e.event === 'splits').map((e) => e.id!);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect(ids.at(-1)).toBe(n + 7);
    }
    const { rows } = await a.database.query<{ last_value: string }>('select last_value::text from split_change_seq');
    expect(Number(rows[0].last_value)).toBe(n + 7);
    for (const s of [onA, onB]) expect(s.events.filter((e) => e.data.includes('resync'))).toEqual([]);
    onA.close();
    onB.close();
  });

  it.skipIf(dbKind !== 'postgres')(
    'reads the id again when its LISTEN connection comes back: a change made while it was away is not skipped',
    async () => {
      const token = await pro();
      const onB = await stream('b', token);
      const n = await hello(onB);
      // End both instances' LISTEN connections (they reconnect after a second), then change a split
      // through A at once: B hears of it only by reading the id when it subscribes again (or, on a
      // machine slow enough that it is back first, by the notification; either way it must know).
      const { rows } = await a.database.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
         where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
      );
      expect(rows.length).toBe(2);
      await addSplit(a.app);
      expect((await reaches(onB, n + 1)).id).toBe(n + 1);

      const missed = await stream('b', token, String(n));
      expect(await splitsEvent(missed)).toEqual({ id: n + 1, event: 'splits', data: '{"kind":"resync"}' });
      missed.close();
      const current = await stream('b', token, String(n + 1));
      await hello(current);
      await addSplit(a.app);
      expect(await splitsEvent(current)).toEqual({ id: n + 2, event: 'splits', data: '{"kind":"changed"}' });
      current.close();
      onB.close();
    },
  );
});
