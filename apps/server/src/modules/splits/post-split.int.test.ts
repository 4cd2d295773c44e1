import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@roundup/shared';
import { addAccount, addSplit, addTrade, insertBroker } from '../../../test/factories';
import { call, createTestApp, registerUser, setRole, type TestApp } from '../../../test/helpers';
import { notificationsService } from '../notifications/service';
import { render } from '../notifications/templates';
import { openEventStream } from '../../../test/event-stream';

/**
 * The symbol to sell after the split (`postSplit`): on Pro and admin rows, from the exchange list; nothing of
 * it on a masked row, a Starter's or a visitor's row, the live stream or the iCal feed; named in the sell
 * reminder.
 */

// 15:00 UTC = 10:00 in New York: "today" is 2026-03-10 for the market rules.
const NOW = new Date('2026-03-10T15:00:00Z');
const TODAY = '2026-03-10';

let t: TestApp;
const tokens: Record<'User' | 'Pro' | 'Admin', string> = { User: '', Pro: '', Admin: '' };
let proId = '';
const ids: Record<string, string> = {};

/** A split effective yesterday that now trades as ZQNEW (a Starter sees it: its buy day has passed). */
const DONE = { name: 'Oldsym Corp', ticker: 'ZQOLD', buyDate: addDays(TODAY, -2), effDate: addDays(TODAY, -1), price: 1.25 };
/** An upcoming split a Starter sees masked, already listed with its new symbol. */
const SOON = { name: 'Soonsym Corp', ticker: 'ZQSOON', buyDate: addDays(TODAY, 2), effDate: addDays(TODAY, 3), price: 1.5 };
const NEW_CUSIP = '98765Z208';

const sighting = (splitId: string, symbol: string, newSymbol: string | null, cusip: string | null) =>
  t.database.query(
    `insert into split_sightings (split_id, source, symbol, new_symbol, cusip, ratio, market_date, url, first_seen_at, seen_at)
     values ($1, 'nasdaq', $2, $3, $4, 10, $5, 'https://www.nasdaqtrader.com/', now(), now())`,
    [splitId, symbol, newSymbol, cusip, TODAY],
  );

function expectNoNewSymbol(body: unknown, where: string) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  expect(text, where).not.toContain('ZQNEW');
  expect(text, where).not.toContain('ZQSNEW');
  expect(text, where).not.toContain(NEW_CUSIP);
  expect(text, where).not.toContain('postSplit');
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  const broker = await insertBroker(t.database, { name: 'Post-split Broker', shareReturnTime: 1 });
  for (const role of ['User', 'Pro', 'Admin'] as const) {
    const u = await registerUser(t.app, { verified: true } as never);
    if (role !== 'User') await setRole(t.database, u.user._id ?? u.user.id, role);
    tokens[role] = u.token;
    if (role === 'Pro') proId = u.user._id ?? u.user.id;
  }
  ids.done = (await addSplit(t.app, tokens.Admin, { ...DONE, status: 'Complete' }))._id;
  ids.soon = (await addSplit(t.app, tokens.Admin, SOON))._id;
  ids.plain = (await addSplit(t.app, tokens.Admin, { ...DONE, name: 'Plain Corp', ticker: 'ZQPLAIN', status: 'Complete' }))._id;
  await sighting(ids.done, 'ZQOLD', 'ZQNEW', NEW_CUSIP);
  await sighting(ids.soon, 'ZQSOON', 'ZQSNEW', null);
  const accountId = await addAccount(t.app, tokens.Pro, { brokerId: broker, nickname: 'Pro cash' });
  expect((await addTrade(t.app, tokens.Pro, { accountId, splitId: ids.done, buy_price: 1.25 })).status).toBe(200);
});
afterAll(async () => t?.close());

describe('postSplit on split rows', () => {
  it('Pro and admin rows carry the new symbol and CUSIP, null when no list names one', async () => {
    for (const who of ['Pro', 'Admin'] as const) {
      const rows = (await call(t.app, 'GET', '/api/rs', { token: tokens[who] })).body.data.splits as Record<string, unknown>[];
      const byId = new Map(rows.map((r) => [r._id, r]));
      expect(byId.get(ids.done)?.postSplit, who).toEqual({ ticker: 'ZQNEW', cusip: NEW_CUSIP });
      expect(byId.get(ids.soon)?.postSplit, who).toEqual({ ticker: 'ZQSNEW', cusip: null });
      expect(byId.get(ids.plain)?.postSplit, who).toBeNull();
      const one = (await call(t.app, 'GET', `/api/rs/ticker/${ids.done}`, { token: tokens[who] })).body.data.split;
      expect(one.postSplit, who).toEqual({ ticker: 'ZQNEW', cusip: NEW_CUSIP });
    }
  });

  it('a Starter gets nothing of it: not on masked rows, not on the rows they see whole', async () => {
    const list = await call(t.app, 'GET', '/api/rs', { token: tokens.User });
    expect(list.status).toBe(200);
    const rows = list.body.data.splits as Record<string, unknown>[];
    expect(rows.some((r) => r._id === ids.done && r.masked === false)).toBe(true);
    expect(rows.some((r) => r.masked === true)).toBe(true);
    expectNoNewSymbol(list.body, 'Starter GET /api/rs');
    expectNoNewSymbol(
      (await call(t.app, 'GET', `/api/rs/ticker/${ids.done}`, { token: tokens.User })).body,
      'Starter split page',
    );
  });

  it('a visitor gets nothing of it: the past splits they may read, and no calendar without a sign-in', async () => {
    const past = await call(t.app, 'GET', '/api/rs/past');
    expect(past.status).toBe(200);
    expect(JSON.stringify(past.body)).toContain('ZQOLD');
    expectNoNewSymbol(past.body, 'visitor /api/rs/past');
    for (const url of ['/api/rs', `/api/rs/ticker/${ids.done}`]) {
      const res = await call(t.app, 'GET', url);
      expect(res.status, url).toBe(401);
      expectNoNewSymbol(res.body, `visitor ${url}`);
    }
  });

  it('the iCal feed carries none of it', async () => {
    const url = (await call(t.app, 'GET', '/api/rs/ical', { token: tokens.Pro })).body.data.url as string;
    const feed = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('ZQSOON');
    expectNoNewSymbol(feed.body, 'iCal');
  });

  it('the live stream carries none of it: a change id only', async () => {
    const stream = await openEventStream(t.app, tokens.Pro);
    await stream.until('event: hello');
    await addSplit(t.app, tokens.Admin, { ...SOON, name: 'Another Corp', ticker: 'ZQANOTHER' });
    const text = await stream.until('event: splits');
    stream.close();
    expectNoNewSymbol(text, 'stream');
  });
});

describe('the sell reminder names the symbol to sell', () => {
  it('"sell as ZQNEW (was ZQOLD)" in the data and the message', async () => {
    await notificationsService(t.app.ctx).sellReminders(TODAY);
    const { rows } = await t.database.query<{ data: { items: Record<string, string>[] } }>(
      `select data from notification_deliveries where idem_key like 'sell:%' and user_id = $1 and channel = 'email'`,
      [proId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].data.items).toEqual([expect.objectContaining({ ticker: 'ZQOLD', sellAs: 'sell as ZQNEW (was ZQOLD)' })]);
    const text = render('sellReminder', { date: TODAY }, rows[0].data, { appUrl: 'https://roundup.example' }).text;
    expect(text).toContain('- ZQOLD in Pro cash (Post-split Broker): sell as ZQNEW (was ZQOLD)');
  });
});
