import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@roundup/shared';
import { addAccount, addSplit, addTrade, insertBroker, splitFields } from '../../../test/factories';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';
import { openEventStream } from '../../../test/event-stream';

/**
 * One visibility rule (rules.ts `splitAccess`) on every path that carries
 * split data, proven for anonymous / Starter / Member / Pro / Admin callers; and an admin
 * "delete" of a split with trades archives it instead.
 */

// 15:00 UTC = 10:00 in New York: "today" is 2026-03-10 for the market rules.
const NOW = new Date('2026-03-10T15:00:00Z');
const TODAY = '2026-03-10';

let t: TestApp;
const tokens: Record<'User' | 'Member' | 'Pro' | 'Admin' | 'Downgraded', string> = {
  User: '',
  Member: '',
  Pro: '',
  Admin: '',
  Downgraded: '',
};
let downgradedId = '';
let proAccount = '';
let downgradedAccount = '';
const ids: Record<string, string> = {};

/** A split in the past by default (bought on Thursday Mar 5, effective Friday Mar 6: trading days, as the gate asks). */
const PAST = {
  name: 'Open Corp',
  ticker: 'ZQOPEN',
  effDate: addDays(TODAY, -4),
  buyDate: addDays(TODAY, -5),
  price: 1.25,
  source: null,
  notes: null,
};
const splitBody = (over: Record<string, unknown> = {}) => splitFields({ ...PAST, ...over });
const add = (over: Record<string, unknown>) => addSplit(t.app, tokens.Admin, { ...PAST, ...over });

async function account(token: string, nickname: string) {
  const { rows } = await t.database.query<{ id: string }>(`select id::text as id from brokers where name = 'Visibility Broker'`);
  return addAccount(t.app, token, { brokerId: rows[0].id, nickname });
}

const trade = (token: string, accountId: string, splitId: string, fields: Record<string, unknown> = { buy_price: 0.5 }) =>
  addTrade(t.app, token, { accountId, splitId, ...fields });

/** The example of the issue: an upcoming Pro-only split added with ratio 37 and price 0.4321. */
const SECRET = {
  name: 'Zyqvex Holdings',
  ticker: 'ZQSEC',
  ratio: 37,
  price: 0.4321,
  notes: 'zq-secret-note',
  source: 'https://zq-secret.example/filing',
  caution: true,
};

/** Throws if a body a Starter or a visitor got names the secret split in any way. */
function expectNothingOfSecret(body: unknown, where: string) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  expect(text, where).not.toContain(ids.secret);
  expect(text, where).not.toContain('0.4321');
  expect(text, where).not.toMatch(/"ratio":37\b|\b37:1/);
  expect(text, where).not.toContain('15.56'); // its estProfit, (37 − 1) × 0.4321
  expect(text, where).not.toContain('ZQSEC');
  expect(text, where).not.toContain('Zyqvex');
  expect(text, where).not.toContain('zq-secret');
}

/** Throws if a body a non-admin got names the Approved split. */
function expectNothingOfApproved(body: unknown, where: string) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  expect(text, where).not.toContain(ids.approved);
  expect(text, where).not.toContain('ZQAPPR');
  expect(text, where).not.toContain('Approvia');
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  await insertBroker(t.database, { name: 'Visibility Broker', shareReturnTime: 2 });
  for (const role of ['User', 'Member', 'Pro', 'Admin', 'Downgraded'] as const) {
    const u = await registerUser(t.app);
    if (role !== 'User') await setRole(t.database, u.user._id ?? u.user.id, role === 'Downgraded' ? 'Pro' : role);
    tokens[role] = u.token;
    if (role === 'Downgraded') downgradedId = u.user._id ?? u.user.id;
  }
  ids.secret = (await add({ ...SECRET, buyDate: addDays(TODAY, 2), effDate: addDays(TODAY, 3) }))._id;
  ids.approved = (
    await add({ name: 'Approvia Inc', ticker: 'ZQAPPR', status: 'Approved', buyDate: TODAY, effDate: addDays(TODAY, 1) })
  )._id;
  ids.open = (await add({}))._id;

  proAccount = await account(tokens.Pro, 'Pro cash');
  downgradedAccount = await account(tokens.Downgraded, 'Was Pro');
  // Recorded while Pro; then the member goes back to Starter.
  expect((await trade(tokens.Downgraded, downgradedAccount, ids.secret, { buy_price: 0.4321 })).status).toBe(200);
  await setRole(t.database, downgradedId, 'User');
});
afterAll(async () => t?.close());

describe('the example of the issue: an upcoming Pro-only split with ratio 37 and price 0.4321', () => {
  it('is stored and shown whole to Pro members and admins', async () => {
    for (const role of ['Member', 'Pro', 'Admin'] as const) {
      const list = await call(t.app, 'GET', '/api/rs', { token: tokens[role] });
      expect(
        list.body.data.splits.find((s: any) => s._id === ids.secret),
        role,
      ).toMatchObject({ ...SECRET, estProfit: 15.56, masked: false });
      const one = await call(t.app, 'GET', `/api/rs/ticker/${ids.secret}`, { token: tokens[role] });
      expect(one.body.data.split, role).toMatchObject({ ...SECRET, masked: false });
    }
  });

  it('leaves no trace of its ratio, price, profit, notes, source or id in any Starter or visitor response', async () => {
    const bodies: [string, unknown][] = [];
    for (const [who, token] of [
      ['anonymous', undefined],
      ['Starter', tokens.User],
      ['downgraded Starter', tokens.Downgraded],
    ] as const) {
      bodies.push([`${who} GET /api/rs`, (await call(t.app, 'GET', '/api/rs', { token })).body]);
      bodies.push([
        `${who} GET /api/rs (gzip)`,
        (await t.app.inject({ method: 'GET', url: '/api/rs', headers: token ? { authorization: `Bearer ${token}` } : {} })).body,
      ]);
      bodies.push([`${who} by id`, (await call(t.app, 'GET', `/api/rs/ticker/${ids.secret}`, { token })).body]);
      bodies.push([`${who} past`, (await call(t.app, 'GET', '/api/rs/past', { token })).body]);
      bodies.push([`${who} iCal url`, (await call(t.app, 'GET', '/api/rs/ical', { token })).body]);
      bodies.push([`${who} events ticket`, (await call(t.app, 'POST', '/api/events/ticket', { token })).body]);
      bodies.push([`${who} trades for split`, (await call(t.app, 'GET', `/api/trades/split/${ids.secret}`, { token })).body]);
      bodies.push([`${who} split stats`, (await call(t.app, 'GET', `/api/trades/split-stats/${ids.secret}`, { token })).body]);
      bodies.push([`${who} deliveries`, (await call(t.app, 'GET', '/api/notifications/deliveries', { token })).body]);
    }
    bodies.push(['Starter analytics', (await call(t.app, 'GET', '/api/analytics/mine', { token: tokens.User })).body]);
    bodies.push([
      'Starter open positions',
      (await call(t.app, 'GET', '/api/analytics/open-positions', { token: tokens.User })).body,
    ]);
    for (const [where, body] of bodies) expectNothingOfSecret(body, where);
  });

  it('answers a Starter by id with 403 and the upgrade message', async () => {
    for (const token of [tokens.User, tokens.Downgraded]) {
      const res = await call(t.app, 'GET', `/api/rs/ticker/${ids.secret}`, { token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ data: null, errors: [{ msg: 'This split is for Pro members. Upgrade to Pro to see it.' }] });
    }
    expect((await call(t.app, 'GET', `/api/rs/ticker/${ids.secret}`)).status).toBe(401);
  });

  it('gives a Starter a masked row of only its days, status, asterisks and a placeholder id', async () => {
    const res = await call(t.app, 'GET', '/api/rs', { token: tokens.User });
    const masked = (res.body.data.splits as any[]).filter((s) => s.masked);
    expect(masked).toEqual([
      {
        _id: 'masked-1',
        name: '*****',
        ticker: '*****',
        buyDate: addDays(TODAY, 2),
        effDate: addDays(TODAY, 3),
        status: 'Upcoming',
        masked: true,
      },
    ]);
  });
});

describe('matrix: caller × endpoint', () => {
  type Who = 'anonymous' | 'User' | 'Member' | 'Pro' | 'Admin';
  const WHO: Who[] = ['anonymous', 'User', 'Member', 'Pro', 'Admin'];
  const token = (w: Who) => (w === 'anonymous' ? undefined : tokens[w]);

  // [caller, status of GET /api/rs, secret row, approved listed, by id secret, by id approved]
  const expected: Record<
    Who,
    { list: number; secret: 'full' | 'masked' | null; approved: boolean; byIdSecret: number; byIdApproved: number }
  > = {
    anonymous: { list: 401, secret: null, approved: false, byIdSecret: 401, byIdApproved: 401 },
    User: { list: 200, secret: 'masked', approved: false, byIdSecret: 403, byIdApproved: 404 },
    Member: { list: 200, secret: 'full', approved: false, byIdSecret: 200, byIdApproved: 404 },
    Pro: { list: 200, secret: 'full', approved: false, byIdSecret: 200, byIdApproved: 404 },
    Admin: { list: 200, secret: 'full', approved: true, byIdSecret: 200, byIdApproved: 200 },
  };

  it.each(WHO)('%s: GET /api/rs and GET /api/rs/ticker/:id follow the rule', async (who) => {
    const e = expected[who];
    const list = await call(t.app, 'GET', '/api/rs', { token: token(who) });
    expect(list.status).toBe(e.list);
    if (e.list === 200) {
      const rows = list.body.data.splits as any[];
      const secret = rows.find((s) => s._id === ids.secret);
      if (e.secret === 'full') expect(secret).toMatchObject({ ticker: 'ZQSEC', ratio: 37, price: 0.4321 });
      else expect(secret).toBeUndefined();
      if (e.secret === 'masked') expect(rows.some((s) => s.masked && s.buyDate === addDays(TODAY, 2))).toBe(true);
      expect(rows.some((s) => s._id === ids.approved)).toBe(e.approved);
      expect(rows.find((s) => s._id === ids.open)).toMatchObject({ ticker: 'ZQOPEN', masked: false });
    }
    expect((await call(t.app, 'GET', `/api/rs/ticker/${ids.secret}`, { token: token(who) })).status).toBe(e.byIdSecret);
    expect((await call(t.app, 'GET', `/api/rs/ticker/${ids.approved}`, { token: token(who) })).status).toBe(e.byIdApproved);
    if (who !== 'Admin') {
      for (const url of ['/api/rs', `/api/rs/ticker/${ids.approved}`, '/api/rs/past'])
        expectNothingOfApproved((await call(t.app, 'GET', url, { token: token(who) })).body, `${who} ${url}`);
    }
  });

  it.each(WHO)('%s: the public past list carries only splits a visitor may see', async (who) => {
    const res = await call(t.app, 'GET', '/api/rs/past', { token: token(who) });
    expect(res.status).toBe(200);
    expectNothingOfSecret(res.body, 'past');
    expectNothingOfApproved(res.body, 'past');
  });

  it.each([
    ['anonymous', 401],
    ['User', 403],
    ['Member', 403],
    ['Pro', 403],
    ['Admin', 200],
  ] as const)('%s: admin-only endpoints answer %i', async (who, status) => {
    const t0 = token(who);
    const checks: [string, 'GET' | 'POST', string, unknown?][] = [
      ['split stats', 'GET', `/api/trades/split-stats/${ids.secret}`],
      ['deliveries', 'GET', '/api/notifications/deliveries'],
      ['edit', 'POST', '/api/rs/edit', { newTicker: { _id: ids.open, ...splitBody() } }],
    ];
    for (const [what, method, url, body] of checks) {
      const res = await call(t.app, method, url, { token: t0, body });
      expect(res.status, what).toBe(status);
      if (status !== 200) {
        expectNothingOfSecret(res.body, what);
        expectNothingOfApproved(res.body, what);
      }
    }
    if (status !== 200) {
      expect(
        (await call(t.app, 'POST', '/api/rs/add', { token: t0, body: { newTicker: splitBody({ ticker: 'ZQNOPE' }) } })).status,
      ).toBe(status);
      expect((await call(t.app, 'POST', '/api/rs/delete', { token: t0, body: { id: ids.open } })).status).toBe(status);
      expect((await call(t.app, 'GET', '/api/rs/send-update', { token: t0 })).status).toBe(status);
    }
  });

  it('iCal: Pro members get the secret split, never the Approved one; Starter callers get no feed', async () => {
    for (const who of ['Member', 'Pro', 'Admin'] as const) {
      const url = (await call(t.app, 'GET', '/api/rs/ical', { token: tokens[who] })).body.data.url as string;
      const feed = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(feed.statusCode).toBe(200);
      expect(feed.body).toContain('ZQSEC');
      expect(feed.body).toContain('37:1');
      expectNothingOfApproved(feed.body, `${who} feed`);
    }
    expect((await call(t.app, 'GET', '/api/rs/ical', { token: tokens.User })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/rs/ical')).status).toBe(401);
  });

  it('iCal: a split name with bare CR, LF or CRLF cannot inject a property line', async () => {
    const names = ['Evil\rX-INJECT-CR:1', 'Evil\nX-INJECT-LF:1', 'Evil\r\nX-INJECT-CRLF:1\r\nEND:VEVENT\r\nBEGIN:VEVENT'];
    const added = [];
    for (const [i, name] of names.entries()) added.push(await add({ name, ticker: `ZQINJ${i}` }));
    const url = (await call(t.app, 'GET', '/api/rs/ical', { token: tokens.Pro })).body.data.url as string;
    const body = (await t.app.inject({ method: 'GET', url: new URL(url).pathname })).body;
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = body.replace(/\r\n /g, '').split('\r\n');
    expect(lines.some((l) => l.startsWith('X-INJECT'))).toBe(false);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT').length).toBe(lines.filter((l) => l.startsWith('UID:')).length);
    expect(lines.find((l) => l.startsWith('DESCRIPTION:Evil\\nX-INJECT-CRLF:1\\nEND:VEVENT\\nBEGIN:VEVENT'))).toBeDefined();
    for (const a of added) await call(t.app, 'POST', '/api/rs/delete', { token: tokens.Admin, body: { id: a._id } });
  });

  it('live stream: a Starter hears that splits changed and nothing else while the secret split is edited', async () => {
    const stream = await openEventStream(t.app, tokens.User);
    await stream.until('event: hello');
    const edited = await call(t.app, 'POST', '/api/rs/edit', {
      token: tokens.Admin,
      body: {
        newTicker: { _id: ids.secret, ...splitBody({ ...SECRET, buyDate: addDays(TODAY, 2), effDate: addDays(TODAY, 3) }) },
      },
    });
    expect(edited.status).toBe(200);
    const text = await stream.until('event: splits');
    stream.close();
    expectNothingOfSecret(text, 'stream');
    expect(text).toContain('data: {"kind":"changed"}');
    expect((await call(t.app, 'GET', '/api/events')).status).toBe(401);
  });
});

describe('Approved splits are not public until an admin makes them Upcoming', () => {
  const events = async (splitId: string) =>
    (
      await t.database.query<{ key: string }>(`select key from notification_events where key like $1 order by key`, [
        `%${splitId}%`,
      ])
    ).rows.map((r) => r.key.split(':')[0]);

  it('raises no alert and no reminder for an Approved split', async () => {
    expect(await events(ids.approved)).toEqual([]);
    const { rows } = await t.database.query<{ n: string }>(
      `select count(*) as n from notification_deliveries d join notification_events e on e.id = d.event_id where e.key like $1`,
      [`%${ids.approved}%`],
    );
    expect(Number(rows[0].n)).toBe(0);
    // The admin's reminders button: the Approved split buys today but is not reminded of.
    const sent = await call(t.app, 'GET', '/api/rs/send-update', { token: tokens.Admin });
    expect(sent.status).toBe(200);
    expect(sent.body.data.tickers).not.toContain('ZQAPPR');
    expect(await events(ids.approved)).toEqual([]);
  });

  it('refuses trades on an Approved split with a clear 409; a Starter may not record at all', async () => {
    const res = await trade(tokens.Pro, proAccount, ids.approved);
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([{ msg: 'Trades can be recorded once this split is Upcoming' }]);
    expect((await trade(tokens.User, proAccount, ids.secret)).status).toBe(403);
  });

  it('announces it (email/SMS/WhatsApp and Discord) once an admin moves it to Upcoming, and then takes trades', async () => {
    const up = await call(t.app, 'POST', '/api/rs/edit', {
      token: tokens.Admin,
      body: {
        newTicker: {
          _id: ids.approved,
          ...splitBody({
            name: 'Approvia Inc',
            ticker: 'ZQAPPR',
            status: 'Upcoming',
            buyDate: TODAY,
            effDate: addDays(TODAY, 1),
          }),
        },
      },
    });
    expect(up.status).toBe(200);
    expect(await events(ids.approved)).toEqual(['rsa', 'upcomingRsa']);
    const { rows } = await t.database.query<{ channel: string }>(
      `select d.channel from notification_deliveries d join notification_events e on e.id = d.event_id where e.key = $1`,
      [`rsa:${ids.approved}`],
    );
    expect(rows.map((r) => r.channel)).toContain('discord');
    const res = await trade(tokens.Pro, proAccount, ids.approved);
    expect(res.status).toBe(200);
    // Moved back to Approved: existing trades cannot be edited either (409), until it is Upcoming again.
    await call(t.app, 'POST', '/api/rs/edit', {
      token: tokens.Admin,
      body: {
        newTicker: {
          _id: ids.approved,
          ...splitBody({
            name: 'Approvia Inc',
            ticker: 'ZQAPPR',
            status: 'Approved',
            buyDate: TODAY,
            effDate: addDays(TODAY, 1),
          }),
        },
      },
    });
    const edit = await call(t.app, 'POST', '/api/trades/edit', {
      token: tokens.Pro,
      body: { newTrade: { _id: res.body.data.trade._id, buy_price: 0.6 } },
    });
    expect(edit.status).toBe(409);
  });
});

describe('a member always sees the splits of their own trades', () => {
  it('a downgraded member sees the ticker and name of their trade in analytics, while the calendar stays masked', async () => {
    const mine = await call(t.app, 'GET', '/api/analytics/mine', { token: tokens.Downgraded });
    expect(mine.status).toBe(200);
    const text = JSON.stringify(mine.body);
    expect(text).toContain('ZQSEC');
    expect(text).toContain('Zyqvex Holdings');
    expect(text).not.toContain('*****');
    const open = await call(t.app, 'GET', '/api/analytics/open-positions', { token: tokens.Downgraded });
    expect(open.body.data.openPositions.map((p: any) => p.ticker)).toEqual(['ZQSEC']);
    const list = await call(t.app, 'GET', '/api/rs', { token: tokens.Downgraded });
    expectNothingOfSecret(list.body, 'downgraded calendar');
  });
});

describe('admin delete keeps members’ history', () => {
  it('deletes a split without trades outright', async () => {
    const s = await add({ ticker: 'ZQGONE' });
    const del = await call(t.app, 'POST', '/api/rs/delete', { token: tokens.Admin, body: { id: s._id } });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ id: s._id, deleted: true, archived: false, trades: 0 });
    expect((await t.database.query('select 1 from reverse_splits where id = $1', [s._id])).rows).toHaveLength(0);
  });

  it('refuses bad input with a 400', async () => {
    const res = await call(t.app, 'POST', '/api/rs/delete', { token: tokens.Admin, body: { id: ids.open, confirm: 'yes' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toBeTruthy();
  });

  it('answers the count and deletes nothing without confirmation; archives with it; trades, history and analytics stay', async () => {
    const s = await add({
      name: 'Keepsake Corp',
      ticker: 'ZQKEEP',
      status: 'Complete',
      buyDate: addDays(TODAY, -20),
      effDate: addDays(TODAY, -19),
    });
    const other = await account(tokens.Pro, 'Pro margin');
    const a = await trade(tokens.Pro, proAccount, s._id, { buy_price: 1, sell_price: 3, sell_date: addDays(TODAY, -10) });
    const b = await trade(tokens.Pro, other, s._id, { buy_price: 1 });
    expect([a.status, b.status]).toEqual([200, 200]);
    const analyticsBefore = (await call(t.app, 'GET', '/api/analytics/mine', { token: tokens.Pro })).body.data;
    const tradesBefore = (await call(t.app, 'GET', `/api/trades/split/${s._id}`, { token: tokens.Pro })).body.data.trades;

    for (const body of [{ id: s._id }, { id: s._id, confirm: false }]) {
      const ask = await call(t.app, 'POST', '/api/rs/delete', { token: tokens.Admin, body });
      expect(ask.status).toBe(409);
      expect(ask.body.errors[0].msg).toMatch(/^Members have 2 trades recorded on this split\. It will be archived, not deleted/);
    }
    expect((await call(t.app, 'GET', `/api/rs/ticker/${s._id}`, { token: tokens.Admin })).status).toBe(200);

    // Two confirmations at once (double click, two tabs): one archives, the other finds nothing.
    const [x, y] = await Promise.all([
      call(t.app, 'POST', '/api/rs/delete', { token: tokens.Admin, body: { id: s._id, confirm: true } }),
      call(t.app, 'POST', '/api/rs/delete', { token: tokens.Admin, body: { id: s._id, confirm: true } }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 404]);
    expect((x.status === 200 ? x : y).body.data).toEqual({ id: s._id, deleted: false, archived: true, trades: 2 });

    // Gone from the calendar, tables, by id, past list and feed for everyone, admins included.
    for (const token of [tokens.User, tokens.Pro, tokens.Admin]) {
      const list = await call(t.app, 'GET', '/api/rs', { token });
      expect(JSON.stringify(list.body)).not.toContain(s._id);
      expect((await call(t.app, 'GET', `/api/rs/ticker/${s._id}`, { token })).status).toBe(404);
    }
    expect(JSON.stringify((await call(t.app, 'GET', '/api/rs/past')).body)).not.toContain('ZQKEEP');
    // Members keep their trades and analytics, unchanged.
    expect((await call(t.app, 'GET', `/api/trades/split/${s._id}`, { token: tokens.Pro })).body.data.trades).toEqual(
      tradesBefore,
    );
    expect((await call(t.app, 'GET', '/api/analytics/mine', { token: tokens.Pro })).body.data).toEqual(analyticsBefore);
    expect(JSON.stringify(analyticsBefore)).toContain('ZQKEEP');
    // No new trades on it; the member's own may still be completed.
    const third = await account(tokens.Pro, 'Pro IRA');
    expect((await trade(tokens.Pro, third, s._id)).status).toBe(404);
    const sell = await call(t.app, 'POST', '/api/trades/edit', {
      token: tokens.Pro,
      body: { newTrade: { _id: b.body.data.trade._id, buy_price: 1, sell_price: 2 } },
    });
    expect(sell.status).toBe(200);
    // Admin edits of an archived split answer 404.
    const edit = await call(t.app, 'POST', '/api/rs/edit', {
      token: tokens.Admin,
      body: { newTicker: { _id: s._id, ...splitBody({ ticker: 'ZQKEEP' }) } },
    });
    expect(edit.status).toBe(404);
  });

  it('an archived split is not reminded of', async () => {
    const s = await add({ ticker: 'ZQARCH', buyDate: TODAY, effDate: addDays(TODAY, 1) });
    expect((await trade(tokens.Pro, proAccount, s._id)).status).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/rs/delete', { token: tokens.Admin, body: { id: s._id, confirm: true } })).status,
    ).toBe(200);
    const sent = await call(t.app, 'GET', '/api/rs/send-update', { token: tokens.Admin });
    expect(sent.body.data.tickers).not.toContain('ZQARCH');
  });
});
