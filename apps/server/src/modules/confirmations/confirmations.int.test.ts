import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, addSplit, addTrade, insertBroker, insertSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { listFixture, startListsPeer, type ListsPeer } from '../../../test/exchange-lists/peer';
import { recordingAdapters } from '../../../test/recording-adapters';
import { exchangeLists, parseNasdaqDailyList } from '../../adapters/exchange-lists';
import { confirmationsService } from './service';

/**
 * Through HTTP: a poll of the local Nasdaq and FINRA daily-list peers confirms or
 * contradicts our splits; Pro members and admins see `confirmation`, nobody else does; a conflict
 * tells the admins once; an admin resolves it and the history keeps everything; a holder hears
 * "Confirmed by the exchange" once however often the lists are read. The clock stands at 15:00
 * New York on Thursday 2026-12-10, the day of the fixture lists.
 */
const NOW = new Date('2026-12-10T20:00:00Z');
const DAY = '2026-12-10';

let t: TestApp;
let peer: ListsPeer;
const rec = recordingAdapters();
let admin: Member;
let pro: Member;
let holder: Member;
let starter: Member;
const ids: Record<string, string> = {};
let polls = 0;
const poll = () => confirmationsService(t.app.ctx).runPoll({ slot: `test-${(polls += 1)}` });
const count = async (q: string, args: unknown[] = []) => Number((await t.database.query<{ n: string }>(q, args)).rows[0].n);

beforeAll(async () => {
  peer = await startListsPeer();
  peer.serve('nasdaq', DAY, listFixture('nasdaq-dailylist-20261210.txt'));
  peer.serve('finra', DAY, listFixture('finra-otc-dailylist-20261210.txt'));
  t = await createTestApp({
    ...rec.adapters,
    clock: () => NOW,
    config: { NASDAQ_DAILY_LIST_URL: peer.nasdaqUrl, FINRA_OTC_DAILY_LIST_URL: peer.finraUrl },
  });
  admin = await member(t.app, 'Admin', { verified: true });
  pro = await member(t.app, 'Pro', { verified: true });
  holder = await member(t.app, 'Pro', { verified: true });
  starter = await member(t.app, 'User', { verified: true });
  const split = (ticker: string, ratio: number, effDate: string, buyDate: string) =>
    addSplit(t.app, admin.token, { ticker, ratio, effDate, buyDate, price: 2 }).then((s) => (ids[ticker] = s._id));
  await split('ACMR', 40, '2026-12-14', '2026-12-11');
  await split('BTPH', 40, '2026-12-14', '2026-12-11');
  await split('DLTS', 25, '2026-12-15', '2026-12-14');
  await split('HAND', 10, '2026-12-14', '2026-12-11');
  ids.OLD = await insertSplit(t.database, { ticker: 'OLDX', effDate: '2026-11-02', buyDate: '2026-10-30' });
  const broker = await insertBroker(t.database);
  const account = await addAccount(t.app, holder.token, { brokerId: broker });
  expect((await addTrade(t.app, holder.token, { accountId: account, splitId: ids.ACMR, buy_price: 1 })).status).toBe(200);
  rec.mails.length = 0;
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe('the daily-list adapters against the local peers', () => {
  it('read the reverse splits only, with their new CUSIP, ratio and market date', async () => {
    const lists = exchangeLists(
      { nasdaqUrl: peer.nasdaqUrl, finraUrl: peer.finraUrl, userAgent: 'RoundUp t@example.com' },
      () => DAY,
    );
    const { entries, errors } = await lists.read();
    expect(errors).toEqual([]);
    expect(entries.map((e) => [e.source, e.symbol, e.newSymbol, e.cusip, e.ratio, e.marketDate])).toEqual([
      ['nasdaq', 'ACMR', 'ACMR', '00088U207', 40, '2026-12-14'],
      ['nasdaq', 'BTPH', 'BTPH', '09075X201', 30, '2026-12-14'],
      ['nasdaq', 'ZZZQ', 'ZZZQ', '98878V202', 8, '2026-12-14'],
      ['finra', 'DLTS', 'DLTSD', '24790Q204', 25, '2026-12-15'],
    ]);
    expect(peer.log.at(-1)?.userAgent).toBe('RoundUp t@example.com');
  });

  it('a malformed file is refused whole, with the line that broke it', () => {
    expect(() => parseNasdaqDailyList(listFixture('nasdaq-dailylist-malformed.txt'), 'http://x')).toThrow(
      'line 2 has 9 fields where the header has 10',
    );
    expect(() => parseNasdaqDailyList('Symbol|Name\r\nACMR|Acme', 'http://x')).toThrow('the list has no "event type" column');
  });
});

describe('a poll confirms, contradicts or leaves alone', () => {
  it('matches entries to our splits by ticker and date, and Pro members see each state with its sources', async () => {
    expect(await poll()).toMatchObject({ entries: 4, matched: 3, errors: [] });
    const res = await call(t.app, 'GET', '/api/rs', { token: pro.token });
    const by = Object.fromEntries(res.body.data.splits.map((s: any) => [s.ticker, s]));
    expect(by.ACMR.confirmation).toEqual({
      state: 'confirmed',
      sources: [
        {
          source: 'nasdaq',
          seenAt: NOW.toISOString(),
          ratio: 40,
          marketDate: '2026-12-14',
          url: `${peer.nasdaqUrl.replace('{date}', '20261210')}`,
          newSymbol: 'ACMR',
          cusip: '00088U207',
        },
      ],
    });
    // The symbol to sell after the split: the same ticker with its new CUSIP, or FINRA's fifth-letter D.
    expect(by.ACMR.postSplit).toEqual({ ticker: 'ACMR', cusip: '00088U207' });
    expect(by.DLTS.postSplit).toEqual({ ticker: 'DLTSD', cusip: '24790Q204' });
    expect(by.HAND.postSplit).toBeNull();
    expect(by.BTPH.confirmation).toMatchObject({ state: 'conflict', sources: [{ source: 'nasdaq', ratio: 30 }] });
    expect(by.DLTS.confirmation).toMatchObject({
      state: 'confirmed',
      sources: [{ source: 'finra', ratio: 25, marketDate: '2026-12-15' }],
    });
    expect(by.HAND.confirmation).toEqual({ state: 'unconfirmed', sources: [] });
    const one = await call(t.app, 'GET', `/api/rs/ticker/${ids.BTPH}`, { token: pro.token });
    expect(one.body.data.split.confirmation).toMatchObject({ state: 'conflict' });
  });

  it('masked rows carry no confirmation: anonymous and Starter see none, Pro and admin do', async () => {
    const rows = async (token?: string) => (await call(t.app, 'GET', '/api/rs', { token })).body.data.splits as any[];
    // Anonymous callers get no list (sign-in required) and the public past list has no such field.
    expect((await call(t.app, 'GET', '/api/rs')).status).toBe(401);
    const past = (await call(t.app, 'GET', '/api/rs/past')).body.data;
    expect(JSON.stringify(past)).not.toContain('confirmation');
    for (const list of [await rows(starter.token)]) {
      const masked = list.filter((s) => s.masked);
      expect(masked).toHaveLength(4);
      for (const s of list) expect(s).not.toHaveProperty('confirmation');
      // The Starter's one full row (a past split) carries none either: confirmation is a Pro feature.
      expect(list.some((s) => s.ticker === 'OLDX' && !s.masked)).toBe(true);
    }
    const starterById = await call(t.app, 'GET', `/api/rs/ticker/${ids.OLD}`, { token: starter.token });
    expect(starterById.status).toBe(200);
    expect(starterById.body.data.split).not.toHaveProperty('confirmation');
    expect((await call(t.app, 'GET', `/api/rs/ticker/${ids.ACMR}`, { token: starter.token })).status).toBe(403);
    for (const list of [await rows(pro.token), await rows(admin.token)])
      expect(list.filter((s) => s.ticker !== 'OLDX').every((s) => s.confirmation?.state)).toBe(true);
  });

  it('a conflict tells the admins once, with the sentence members read; a second poll tells nobody again', async () => {
    const conflictMails = () => rec.mails.filter((m) => m.subject.startsWith('Split conflict'));
    expect(conflictMails()).toHaveLength(1);
    expect(conflictMails()[0]).toMatchObject({ to: admin.email, subject: 'Split conflict: BTPH — Nasdaq disagrees' });
    expect(conflictMails()[0].text).toContain('Nasdaq lists 1-for-30 on Dec 14; the filing said 1-for-40');
    await poll();
    expect(conflictMails()).toHaveLength(1);
  });

  it('the holder gets one "Confirmed by the exchange" alert, however often the lists are read', async () => {
    const confirmed = `select count(*)::text as n from notification_deliveries where idem_key like $1`;
    expect(await count(confirmed, [`confirmed:${ids.ACMR}:%`])).toBe(1);
    expect(
      await count(`select count(*)::text as n from notification_deliveries where idem_key like $1 and user_id = $2`, [
        `confirmed:${ids.ACMR}:%`,
        holder.id,
      ]),
    ).toBe(1);
    await poll();
    await poll();
    expect(await count(confirmed, [`confirmed:${ids.ACMR}:%`])).toBe(1);
    // Nobody holds DLTS: confirmed, but no member alert.
    expect(await count(confirmed, [`confirmed:${ids.DLTS}:%`])).toBe(0);
  });
});

describe('an admin resolves a conflict; the history is kept', () => {
  it('refuses bad input, strangers and splits without a conflict', async () => {
    const resolve = (token: string | undefined, body: unknown) =>
      call(t.app, 'POST', '/api/admin/confirmations/resolve', { token, body });
    expect((await resolve(pro.token, { splitId: ids.BTPH, note: 'x' })).status).toBe(403);
    const bad = await resolve(admin.token, { splitId: 'nope', note: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.msg)).toEqual(
      expect.arrayContaining(['Unknown split', 'Say how the conflict was resolved']),
    );
    expect((await resolve(admin.token, { splitId: '00000000-0000-4000-8000-000000000000', note: 'x' })).status).toBe(404);
    const none = await resolve(admin.token, { splitId: ids.ACMR, note: 'x' });
    expect(none.status).toBe(409);
    expect(none.body.errors[0].msg).toBe('This split has no open conflict to resolve');
  });

  it('keeps the filing’s terms: the conflict closes, the history shows what happened and who decided', async () => {
    const res = await call(t.app, 'POST', '/api/admin/confirmations/resolve', {
      token: admin.token,
      body: { splitId: ids.BTPH, note: 'The 8-K/A says 1-for-40; Nasdaq corrects its list tomorrow' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ state: 'unconfirmed' });
    const one = await call(t.app, 'GET', `/api/rs/ticker/${ids.BTPH}`, { token: admin.token });
    expect(one.body.data.split.confirmation).toMatchObject({ state: 'unconfirmed' });
    // A later poll reading the same list does not reopen it, nor tell the admins again.
    await poll();
    expect(rec.mails.filter((m) => m.subject.startsWith('Split conflict'))).toHaveLength(1);
    const history = await call(t.app, 'GET', `/api/admin/confirmations/${ids.BTPH}`, { token: admin.token });
    expect(history.body.data.events.map((e: any) => [e.kind, e.source, e.ratio, e.actor])).toEqual([
      ['seen', 'nasdaq', 30, null],
      ['conflict', 'nasdaq', 30, null],
      ['resolved', 'nasdaq', 30, admin.user.username],
    ]);
    expect(history.body.data.events[2].note).toMatch(/8-K\/A/);
    await expect(t.database.query('delete from confirmation_events')).rejects.toThrow(/never deleted/);
  });
});

describe('a source that changes its mind', () => {
  it('new values reopen a resolved conflict and tell the admins again; the split edited to them turns confirmed', async () => {
    const fixture = listFixture('nasdaq-dailylist-20261210.txt');
    peer.serve(
      'nasdaq',
      DAY,
      fixture.replace(
        'BTPH|BTPH|09075X102|09075X201|Beta Pharma Corp. Common Stock|1-for-30',
        'BTPH|BTPH|09075X102|09075X201|Beta Pharma Corp. Common Stock|1-for-35',
      ),
    );
    await poll();
    const byId = async () => (await call(t.app, 'GET', `/api/rs/ticker/${ids.BTPH}`, { token: pro.token })).body.data.split;
    expect((await byId()).confirmation).toMatchObject({ state: 'conflict', sources: [{ ratio: 35 }] });
    const told = rec.mails.filter((m) => m.subject.startsWith('Split conflict'));
    expect(told).toHaveLength(2);
    expect(told[1].text).toContain('Nasdaq lists 1-for-35 on Dec 14; the filing said 1-for-40');
    // A double click (or two admins' tabs): one resolution, the other finds nothing left to resolve.
    const both = await Promise.all(
      [1, 2].map(() =>
        call(t.app, 'POST', '/api/admin/confirmations/resolve', {
          token: admin.token,
          body: { splitId: ids.BTPH, note: 'Same click' },
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const split = await byId();
    const { _id, masked: _masked, confirmation: _confirmation, ...fields } = split;
    const edit = await call(t.app, 'POST', '/api/rs/edit', {
      token: admin.token,
      body: { newTicker: { ...fields, _id, ratio: 35 } },
    });
    expect(edit.status).toBe(200);
    await poll();
    expect((await byId()).confirmation).toMatchObject({ state: 'confirmed' });
    peer.serve('nasdaq', DAY, fixture);
  });
});

describe('a list that breaks', () => {
  it('stores nothing from a malformed file and says which list and line; the other list still counts', async () => {
    const before = await count('select count(*)::text as n from split_sightings');
    const events = await count('select count(*)::text as n from confirmation_events');
    peer.serve('nasdaq', DAY, listFixture('nasdaq-dailylist-malformed.txt'));
    const r = await poll();
    expect(r?.errors).toEqual([expect.stringMatching(/^nasdaq: line 2 has 9 fields where the header has 10 \(http/)]);
    expect(r?.matched).toBe(1);
    expect(await count('select count(*)::text as n from split_sightings')).toBe(before);
    expect(await count('select count(*)::text as n from confirmation_events')).toBe(events);
    peer.serve('nasdaq', DAY, 'Unavailable', 503);
    const down = await confirmationsService(t.app.ctx, {
      lists: exchangeLists({ nasdaqUrl: peer.nasdaqUrl, userAgent: 'RoundUp', retries: 1, minBackoffMs: 1 }, () => DAY),
    }).runPoll({ slot: 'down' });
    expect(down?.errors).toEqual([expect.stringMatching(/^nasdaq: the list answered 503/)]);
  });
});
