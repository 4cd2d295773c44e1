import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isTradingDay } from '@roundup/shared';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { MAX_STREAMS_PER_USER } from './events-routes';

// 15:00 UTC = 10:00 in New York: "today" is 2026-03-10 for the market rules.
const NOW = new Date('2026-03-10T15:00:00Z');
const TODAY = '2026-03-10';

let t: TestApp;
let admin: string;
let starter: string;
let starterId: string;
let pro: string;
let member: string;

function split(over: Record<string, unknown> = {}) {
  return {
    name: 'Secret Corp',
    ticker: 'ZQXWA',
    effDate: addDays(TODAY, 3),
    buyDate: addDays(TODAY, 2),
    ratio: 10,
    price: 1.25,
    estProfit: '',
    avgProfit: 0,
    status: 'Upcoming',
    rsType: 'Round Up',
    source: 'https://www.sec.gov/example',
    notes: 'secret-note',
    caution: false,
    ...over,
  };
}

async function add(over: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/rs/add', { token: admin, body: { newTicker: split(over) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.split;
}

/**
 * A split on any day: the publication gate takes only trading days for an Upcoming split, so one on a
 * weekend is written as an Approved draft and published in the table, as rows written before the
 * gate were (the masking rule still has to handle them).
 */
async function addOnAnyDay(over: Record<string, unknown>) {
  const days = [over.buyDate, over.effDate] as string[];
  if (days.every(isTradingDay)) return add(over);
  const draft = await add({ ...over, status: 'Approved' });
  await t.database.query(`update reverse_splits set status = 'Upcoming' where id = $1`, [draft._id]);
  return { ...draft, status: 'Upcoming' };
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  const a = await registerUser(t.app);
  await setRole(t.database, a.user._id ?? a.user.id, 'Admin');
  admin = a.token;
  const s = await registerUser(t.app);
  starter = s.token;
  starterId = s.user._id ?? s.user.id;
  const p = await registerUser(t.app);
  await setRole(t.database, p.user._id ?? p.user.id, 'Pro');
  pro = p.token;
  const m = await registerUser(t.app);
  await setRole(t.database, m.user._id ?? m.user.id, 'Member');
  member = m.token;

  // One split per day offset of the masking rule, plus an Approved one and an old Complete one.
  for (const [key, offset] of [
    ['m2', -2],
    ['m1', -1],
    ['d0', 0],
    ['p1', 1],
    ['p30', 30],
  ] as const) {
    const s = await addOnAnyDay({
      ticker: `ZQXW${key.toUpperCase()}`,
      name: `Secret ${key}`,
      notes: `secret-note-${key}`,
      buyDate: addDays(TODAY, offset),
      effDate: addDays(TODAY, offset + 1),
    });
    ids[key] = s._id;
  }
  ids.approved = (
    await add({ ticker: 'ZQXWAPP', status: 'Approved', buyDate: addDays(TODAY, -10), effDate: addDays(TODAY, -9) })
  )._id;
  ids.done = (
    await add({
      ticker: 'ZQXWDONE',
      name: 'Done Inc',
      status: 'Complete',
      buyDate: '2026-02-02',
      effDate: '2026-02-03',
      avgProfit: 4.5,
    })
  )._id;
  ids.futureDone = (
    await add({
      ticker: 'ZQXWFD',
      name: 'Future Done',
      status: 'Complete',
      buyDate: addDays(TODAY, 1),
      effDate: addDays(TODAY, 2),
      avgProfit: 9,
    })
  )._id;
  ids.cil = (
    await add({ ticker: 'ZQXWCIL', rsType: 'CIL', status: 'Complete', buyDate: '2026-01-05', effDate: '2026-01-06' })
  )._id;
});
afterAll(async () => t?.close());

/** Throws if a Starter-visible body carries any masked split's name, ticker, notes or source. */
function expectNoLeak(body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  for (const key of ['d0', 'p1', 'p30', 'futureDone', 'approved']) {
    expect(text).not.toContain(`ZQXW${key.toUpperCase()}`);
  }
  expect(text).not.toMatch(/ZQXW(D0|P1|P30|FD|APP)/);
  expect(text).not.toMatch(/Secret (d0|p1|p30)|Future Done/);
  expect(text).not.toMatch(/secret-note-(d0|p1|p30)/);
}

describe('GET /api/rs by role', () => {
  it('refuses anonymous callers', async () => {
    const res = await call(t.app, 'GET', '/api/rs');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ data: null, errors: [{ msg: 'Please sign in' }] });
  });

  it('masks a Starter view from yesterday on (−2 and −1 visible; 0, +1, +30 masked), hides Approved', async () => {
    const res = await call(t.app, 'GET', '/api/rs', { token: starter });
    expect(res.status).toBe(200);
    const rows = res.body.data.splits as any[];
    const byId = new Map<string, any>(rows.map((s: any) => [s._id, s]));
    expect(byId.get(ids.m2)).toMatchObject({ ticker: 'ZQXWM2', name: 'Secret m2', notes: 'secret-note-m2', masked: false });
    expect(byId.get(ids.m1)).toMatchObject({ ticker: 'ZQXWM1', masked: false, source: 'https://www.sec.gov/example' });
    // Masked rows: only their days, status, asterisks and a placeholder id.
    const masked = rows.filter((s) => s.masked);
    expect(masked.map((m) => m.buyDate).sort()).toEqual([TODAY, addDays(TODAY, 1), addDays(TODAY, 1), addDays(TODAY, 30)]);
    for (const m of masked) {
      expect(Object.keys(m).sort()).toEqual(['_id', 'buyDate', 'effDate', 'masked', 'name', 'status', 'ticker']);
      expect(m).toMatchObject({ name: '*****', ticker: '*****', masked: true });
      expect(m._id).toMatch(/^masked-\d+$/);
    }
    for (const k of ['d0', 'p1', 'p30', 'futureDone', 'approved']) expect(JSON.stringify(res.body)).not.toContain(ids[k]);
    expectNoLeak(res.body);
  });

  it.each([
    ['Pro', () => pro],
    ['Member', () => member],
  ])('shows %s members everything but Approved', async (_role, token) => {
    const res = await call(t.app, 'GET', '/api/rs', { token: token() });
    const splits = res.body.data.splits as any[];
    expect(splits.every((s) => !s.masked)).toBe(true);
    expect(splits.find((s) => s._id === ids.p30)).toMatchObject({ ticker: 'ZQXWP30', notes: 'secret-note-p30' });
    expect(splits.some((s) => s._id === ids.approved)).toBe(false);
  });

  it('answers gzip to clients that accept it, with the same JSON', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/rs', headers: { authorization: `Bearer ${starter}` } });
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/rs',
      headers: { authorization: `Bearer ${starter}`, 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = gunzipSync(zipped.rawPayload).toString();
    expect(json).toBe(plain.body);
    expectNoLeak(json);
  });

  it('shows admins Approved splits too', async () => {
    const res = await call(t.app, 'GET', '/api/rs', { token: admin });
    expect(res.body.data.splits.find((s: any) => s._id === ids.approved)).toMatchObject({
      status: 'Approved',
      ticker: 'ZQXWAPP',
    });
  });
});

describe('GET /api/rs/ticker/:id', () => {
  it('refuses anonymous callers', async () => {
    expect((await call(t.app, 'GET', `/api/rs/ticker/${ids.p1}`)).status).toBe(401);
  });
  it('answers a Starter 403 with the upgrade message for a masked split, never its fields', async () => {
    const res = await call(t.app, 'GET', `/api/rs/ticker/${ids.p1}`, { token: starter });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ data: null, errors: [{ msg: 'This split is for Pro members. Upgrade to Pro to see it.' }] });
    expectNoLeak(res.body);
    const old = await call(t.app, 'GET', `/api/rs/ticker/${ids.m2}`, { token: starter });
    expect(old.body.data.split.ticker).toBe('ZQXWM2');
  });
  it('hides Approved splits from everyone but admins, and unknown ids answer 404', async () => {
    expect((await call(t.app, 'GET', `/api/rs/ticker/${ids.approved}`, { token: starter })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/rs/ticker/${ids.approved}`, { token: pro })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/rs/ticker/${ids.approved}`, { token: admin })).body.data.split.ticker).toBe('ZQXWAPP');
    expect((await call(t.app, 'GET', '/api/rs/ticker/00000000-0000-4000-8000-000000000000', { token: pro })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/rs/ticker/not-a-uuid', { token: pro })).status).toBe(404);
  });
  it('shows Pro members the whole split', async () => {
    const res = await call(t.app, 'GET', `/api/rs/ticker/${ids.p1}`, { token: pro });
    expect(res.body.data.split).toMatchObject({ ticker: 'ZQXWP1', notes: 'secret-note-p1', estProfit: 11.25, masked: false });
  });
});

describe('GET /api/rs/past (public)', () => {
  it('lists Complete Round Up splits a visitor may see, newest first, with the landing fields (nothing masked)', async () => {
    for (const token of [undefined, starter, pro]) {
      const res = await call(t.app, 'GET', '/api/rs/past', { token });
      expect(res.status).toBe(200);
      const rows = res.body.data.splits as any[];
      expect(rows.map((r) => r._id)).toEqual([ids.done]);
      expect(rows[0]).toEqual({
        _id: ids.done,
        name: 'Done Inc',
        rsType: 'Round Up',
        ticker: 'ZQXWDONE',
        effDate: '2026-02-03',
        ratio: 10,
        price: 1.25,
        avgProfit: 4.5,
      });
      expectNoLeak(res.body);
      expect(JSON.stringify(res.body)).not.toContain(ids.futureDone);
    }
    expect((await call(t.app, 'GET', '/api/rs/past?limit=1')).body.data.splits).toHaveLength(1);
  });
});

describe('a Starter tries every read endpoint for masked data', () => {
  it('gets no masked field from the list, by id (each split), the public list, the feed endpoints or a ticket', async () => {
    const bodies: unknown[] = [];
    bodies.push((await call(t.app, 'GET', '/api/rs', { token: starter })).body);
    bodies.push((await call(t.app, 'GET', '/api/rs/past', { token: starter })).body);
    bodies.push((await call(t.app, 'GET', '/api/rs/past')).body);
    for (const id of Object.values(ids)) bodies.push((await call(t.app, 'GET', `/api/rs/ticker/${id}`, { token: starter })).body);
    bodies.push((await call(t.app, 'GET', '/api/rs/ical', { token: starter })).body);
    bodies.push((await call(t.app, 'POST', '/api/rs/ical/reset', { token: starter })).body);
    bodies.push((await call(t.app, 'POST', '/api/events/ticket', { token: starter })).body);
    bodies.push((await call(t.app, 'GET', '/api/openapi.json')).body);
    for (const b of bodies) expectNoLeak(b);
  });
});

describe('admin writes', () => {
  const body = (over: Record<string, unknown>) => ({ newTicker: split(over) });

  it.each([
    ['anonymous', () => undefined, 401],
    ['Starter', () => starter, 403],
    ['Pro', () => pro, 403],
  ])('refuses %s callers', async (_who, token, status) => {
    expect((await call(t.app, 'POST', '/api/rs/add', { token: token(), body: body({}) })).status).toBe(status);
    expect(
      (await call(t.app, 'POST', '/api/rs/edit', { token: token(), body: { newTicker: { _id: ids.p1, ...split({}) } } })).status,
    ).toBe(status);
    expect((await call(t.app, 'POST', '/api/rs/delete', { token: token(), body: { id: ids.p1 } })).status).toBe(status);
  });

  it.each([
    [{ ratio: 1 }, 'Ratio must be at least 2'],
    [{ ratio: 2.5 }, 'Ratio must be a whole number'],
    [{ price: -1 }, 'Price must be 0 or more'],
    [{ estProfit: -2 }, 'Estimated profit must be 0 or more'],
    [{ effDate: '2026-02-30' }, 'Effective date must be a valid date (YYYY-MM-DD)'],
    [{ buyDate: '2026-04-01', effDate: '2026-03-20' }, 'Buy date cannot be after the effective date'],
    [{ status: 'Pending' }, 'Status must be one of Approved, Upcoming, Complete'],
    [{ rsType: 'Other' }, 'Type must be one of Round Up, CIL, Unconfirmed, Dividend, Round Lot'],
    [{ source: 'javascript:alert(1)' }, 'Source must be an http(s) URL'],
    [{ name: '' }, 'Company name is required'],
  ])('validates %o', async (over, msg) => {
    const res = await call(t.app, 'POST', '/api/rs/add', { token: admin, body: body(over) });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: any) => e.msg)).toContain(msg);
  });

  it('adds with estProfit defaulting to (ratio − 1) × price, keeps a given one, edits and deletes', async () => {
    const a = await add({ ticker: 'zqxwnew', ratio: 25, price: 0.1234, estProfit: '' });
    expect(a).toMatchObject({ ticker: 'ZQXWNEW', ratio: 25, price: 0.1234, estProfit: 2.96 });
    const b = await add({ ticker: 'ZQXWNEW2', estProfit: 7 });
    expect(b.estProfit).toBe(7);

    const edited = await call(t.app, 'POST', '/api/rs/edit', {
      token: admin,
      body: { newTicker: { ...split({ ticker: 'ZQXWNEW', status: 'Complete', avgProfit: 3.1 }), _id: a._id } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.split).toMatchObject({ _id: a._id, status: 'Complete', avgProfit: 3.1, estProfit: 11.25 });

    const missing = await call(t.app, 'POST', '/api/rs/edit', {
      token: admin,
      body: { newTicker: { ...split({}), _id: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(missing.status).toBe(404);

    for (const id of [a._id, b._id]) {
      const del = await call(t.app, 'POST', '/api/rs/delete', { token: admin, body: { id } });
      expect(del.status).toBe(200);
    }
    expect((await call(t.app, 'GET', `/api/rs/ticker/${a._id}`, { token: admin })).status).toBe(404);
    const again = await call(t.app, 'POST', '/api/rs/delete', { token: admin, body: { id: a._id } });
    expect(again).toMatchObject({ status: 404, body: { errors: [{ msg: 'Split not found' }] } });
  });

  it('a write is visible at once in the cached list', async () => {
    const before = await call(t.app, 'GET', '/api/rs', { token: pro });
    const s = await add({ ticker: 'ZQXWCACHE' });
    const after = await call(t.app, 'GET', '/api/rs', { token: pro });
    expect(after.body.data.splits.length).toBe(before.body.data.splits.length + 1);
    await call(t.app, 'POST', '/api/rs/delete', { token: admin, body: { id: s._id } });
    expect((await call(t.app, 'GET', '/api/rs', { token: pro })).body.data.splits.length).toBe(before.body.data.splits.length);
  });
});

describe('iCal feed', () => {
  it('refuses anonymous and Starter users a feed', async () => {
    expect((await call(t.app, 'GET', '/api/rs/ical')).status).toBe(401);
    const res = await call(t.app, 'GET', '/api/rs/ical', { token: starter });
    expect(res).toMatchObject({ status: 403, body: { errors: [{ msg: 'The calendar feed is a Pro feature.' }] } });
    expect((await call(t.app, 'POST', '/api/rs/ical/reset', { token: starter })).status).toBe(403);
  });

  it('serves a Pro member one all-day event per upcoming split; reset revokes the old URL', async () => {
    const first = await call(t.app, 'GET', '/api/rs/ical', { token: pro });
    const url = new URL(first.body.data.url);
    expect(url.pathname).toMatch(/^\/api\/rs\/ical\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}\.ics$/);
    expect((await call(t.app, 'GET', '/api/rs/ical', { token: pro })).body.data.url).toBe(first.body.data.url);

    const feed = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(feed.body.match(/BEGIN:VEVENT/g)).toHaveLength(5);
    // A timed event on the buy-by session: 9:30 am to 4:00 pm New York (EDT, UTC−4).
    const day = addDays(TODAY, 30).replace(/-/g, '');
    expect(feed.body).toContain(`DTSTART:${day}T133000Z\r\nDTEND:${day}T200000Z`);
    expect(feed.body.replace(/\r\n /g, '')).toContain(
      'SUMMARY:Buy ZQXWP30 by 4:00 pm ET · 10:1 reverse split · Round up · est. $11.25',
    );
    expect(feed.body).toContain('URL:http://localhost:3000/reverse-splits');

    const reset = await call(t.app, 'POST', '/api/rs/ical/reset', { token: pro });
    expect(reset.body.data.url).not.toBe(first.body.data.url);
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(reset.body.data.url).pathname })).statusCode).toBe(200);
  });

  it('never serves a Starter: a downgraded member’s URL and forged URLs answer 404 without data', async () => {
    await setRole(t.database, starterId, 'Pro');
    const got = await call(t.app, 'GET', '/api/rs/ical', { token: starter });
    await setRole(t.database, starterId, 'User');
    const path = new URL(got.body.data.url).pathname;
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(404);
    expectNoLeak(res.body);
    const forged = path.replace(/\.[A-Za-z0-9_-]{43}\.ics$/, `.${'A'.repeat(43)}.ics`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/rs/ical/whatever.ics' })).statusCode).toBe(404);
  });
});

/** Reads an SSE response until a string appears (2 s budget, the live-update bound). */
function reading(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    async until(needle: string) {
      const deadline = Date.now() + 2000;
      while (!text.includes(needle)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${needle}" in ${text}`);
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), left))]);
        if (!chunk || chunk.done) continue;
        text += decoder.decode(chunk.value);
      }
      return text;
    },
  };
}

describe('events stream', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });

  it('refuses anonymous callers and bad tickets', async () => {
    expect((await call(t.app, 'GET', '/api/events')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/events?ticket=sse:x.y')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/events/ticket')).status).toBe(401);
  });

  it('tells a Starter that splits changed, without any split data', async () => {
    const ticket = (await call(t.app, 'POST', '/api/events/ticket', { token: starter })).body.data.ticket as string;
    const ctrl = new AbortController();
    const res = await fetch(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`, { signal: ctrl.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = reading(res);
    await stream.until('event: hello');
    const s = await add({ ticker: 'ZQXWP1LIVE', name: 'Secret p1 live', buyDate: addDays(TODAY, 1), effDate: addDays(TODAY, 2) });
    const text = await stream.until('event: splits');
    expect(text).toContain('data: {"kind":"changed"}');
    expectNoLeak(text);
    expect(text).not.toContain('ZQXWP1LIVE');
    // What the client then re-reads is masked.
    const list = await call(t.app, 'GET', '/api/rs', { token: starter });
    expect(JSON.stringify(list.body)).not.toContain(s._id);
    expect(list.body.data.splits.filter((x: any) => x.masked && x.buyDate === addDays(TODAY, 1)).length).toBeGreaterThan(0);
    ctrl.abort();
    await call(t.app, 'POST', '/api/rs/delete', { token: admin, body: { id: s._id } });
  });

  it('accepts the bearer header too (non-browser clients)', async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${pro}` }, signal: ctrl.signal });
    expect(res.status).toBe(200);
    ctrl.abort();
  });

  it(`caps one member's open streams at ${MAX_STREAMS_PER_USER} and frees a slot when one closes`, async () => {
    const open = () => {
      const ctrl = new AbortController();
      return fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${pro}` }, signal: ctrl.signal }).then((res) => ({
        res,
        ctrl,
      }));
    };
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await open());
    expect(streams.map((s) => s.res.status)).toEqual(streams.map(() => 200));
    const refused = await open();
    expect(refused.res.status).toBe(429);
    expect(((await refused.res.json()) as { errors: { msg: string }[] }).errors[0].msg).toMatch(/Too many live connections/);
    // Another member is not affected.
    const other = await fetch(`${base}/api/events`, {
      headers: { authorization: `Bearer ${starter}` },
      signal: AbortSignal.timeout(2000),
    }).catch(() => null);
    expect(other?.status).toBe(200);
    streams[0].ctrl.abort();
    let again = await open();
    for (let i = 0; i < 50 && again.res.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      again = await open();
    }
    expect(again.res.status).toBe(200);
    for (const s of [...streams.slice(1), again]) s.ctrl.abort();
  });

  it('carries the signal to another API process on the same database (LISTEN/NOTIFY), which re-reads the table', async () => {
    const other = await buildApp({ database: t.database, config: t.config, webDist: null, logger: false, clock: () => NOW });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const addr = other.server.address();
      const otherBase = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
      const before = await call(other, 'GET', '/api/rs', { token: pro }); // primes the other process's cache
      const ctrl = new AbortController();
      const res = await fetch(`${otherBase}/api/events`, { headers: { authorization: `Bearer ${pro}` }, signal: ctrl.signal });
      const stream = reading(res);
      await stream.until('event: hello');
      const s = await add({ ticker: 'ZQXWREMOTE' }); // written through the first process
      await stream.until('event: splits');
      ctrl.abort();
      const after = await call(other, 'GET', '/api/rs', { token: pro });
      expect(after.body.data.splits.length).toBe(before.body.data.splits.length + 1);
      expect(after.body.data.splits.some((x: any) => x._id === s._id)).toBe(true);
      await call(t.app, 'POST', '/api/rs/delete', { token: admin, body: { id: s._id } });
    } finally {
      await other.close();
    }
  });
});
