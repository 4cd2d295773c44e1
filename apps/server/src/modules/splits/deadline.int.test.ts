import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, splitFields, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';

/**
 * A split knows its exchange, and every row a Pro member or an admin sees carries the
 * buy-by deadline to the minute; a masked row carries neither. Members choose their time zone.
 */

// 15:00 UTC = 10:00 in New York on Friday November 20, 2026.
const NOW = new Date('2026-11-20T15:00:00Z');

let t: TestApp;
let admin: Member;
let pro: Member;
let starter: Member;

const add = (over: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/rs/add', { token: admin.token, body: { newTicker: splitFields({ notes: 'n', ...over }) } });
const edit = (split: Record<string, unknown>, over: Record<string, unknown>) => {
  const { _id, name, ticker, effDate, buyDate, ratio, price, avgProfit, status, rsType, source, notes, caution } = split;
  return call(t.app, 'POST', '/api/rs/edit', {
    token: admin.token,
    body: {
      newTicker: {
        _id,
        name,
        ticker,
        effDate,
        buyDate,
        ratio,
        price,
        estProfit: '',
        avgProfit,
        status,
        rsType,
        source,
        notes,
        caution,
        ...over,
      },
    },
  });
};
const listed = async (token: string, ticker: string) =>
  (await call(t.app, 'GET', '/api/rs', { token })).body.data.splits.find((s: { ticker: string }) => s.ticker === ticker);

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  admin = await member(t.app, 'Admin');
  pro = await member(t.app, 'Pro');
  starter = await member(t.app, 'User');
});
afterAll(async () => t.close());

describe('the exchange and the deadline on split rows', () => {
  it('an admin adds a split on Nasdaq bought by the day after Thanksgiving: 1:00 pm close, 7:50 pm halt, on every path', async () => {
    const res = await add({ ticker: 'HALFD', exchange: 'Nasdaq', buyDate: '2026-11-27', effDate: '2026-11-30' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const deadline = { regularClose: '2026-11-27T18:00:00.000Z', haltAt: '2026-11-28T00:50:00.000Z' };
    expect(res.body.data.split).toMatchObject({ exchange: 'Nasdaq', deadline });
    expect(await listed(pro.token, 'HALFD')).toMatchObject({ exchange: 'Nasdaq', deadline });
    expect(await listed(admin.token, 'HALFD')).toMatchObject({ exchange: 'Nasdaq', deadline });
    const byId = await call(t.app, 'GET', `/api/rs/ticker/${res.body.data.split._id}`, { token: pro.token });
    expect(byId.body.data.split).toMatchObject({ exchange: 'Nasdaq', deadline });
  });

  it.each([
    // [buy-by, exchange, close, halt]: across the end of daylight time, a holiday, an OTC listing
    ['2026-11-02', 'NYSE', '2026-11-02T21:00:00.000Z', '2026-11-03T00:50:00.000Z'],
    ['2026-10-30', 'NYSE American', '2026-10-30T20:00:00.000Z', '2026-10-30T23:50:00.000Z'],
    ['2026-11-26', 'Nasdaq', '2026-11-25T21:00:00.000Z', '2026-11-26T00:50:00.000Z'],
    ['2026-12-01', 'OTC', '2026-12-01T21:00:00.000Z', null],
  ])('bought by %s on %s: close %s, halt %s', async (buyDate, exchange, regularClose, haltAt) => {
    const ticker = `D${buyDate.replace(/-/g, '').slice(2)}`;
    const res = await add({ ticker, exchange, buyDate, effDate: '2026-12-02', status: 'Complete' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await listed(pro.token, ticker)).deadline).toEqual({ regularClose, haltAt });
  });

  it('a split added without an exchange has none and no halt; an edit that leaves it out keeps it, null clears it', async () => {
    const res = await add({ ticker: 'NOEXCH', buyDate: '2026-11-24', effDate: '2026-11-25' });
    const split = res.body.data.split;
    expect(split).toMatchObject({ exchange: null, deadline: { regularClose: '2026-11-24T21:00:00.000Z', haltAt: null } });
    const set = await edit(split, { exchange: 'NYSE' });
    expect(set.body.data.split).toMatchObject({ exchange: 'NYSE', deadline: { haltAt: '2026-11-25T00:50:00.000Z' } });
    const kept = await edit(split, { ratio: 12 });
    expect(kept.body.data.split).toMatchObject({ ratio: 12, exchange: 'NYSE' });
    const cleared = await edit(split, { exchange: null });
    expect(cleared.body.data.split).toMatchObject({ exchange: null, deadline: { haltAt: null } });
    const emptied = await edit(split, { exchange: 'OTC' });
    expect((await edit(emptied.body.data.split, { exchange: '' })).body.data.split.exchange).toBeNull();
  });

  it.each(['LSE', 'nasdaq', 42, { name: 'NYSE' }])('refuses the exchange %j with a clear message', async (exchange) => {
    const res = await add({ ticker: 'BADEX', exchange });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toContain('Exchange must be one of Nasdaq, NYSE, NYSE American, OTC');
  });

  it('a masked row carries neither the exchange nor the deadline; by id it is refused', async () => {
    const res = await add({ ticker: 'MASKD', exchange: 'Nasdaq', buyDate: '2026-11-24', effDate: '2026-11-25' });
    const rows = (await call(t.app, 'GET', '/api/rs', { token: starter.token })).body.data.splits as Record<string, unknown>[];
    const masked = rows.filter((r) => r.masked);
    expect(masked.length).toBeGreaterThan(0);
    for (const row of masked) {
      expect(row).not.toHaveProperty('exchange');
      expect(row).not.toHaveProperty('deadline');
    }
    // A split bought two days ago or more is whole for a Starter too, deadline and all (decision 011).
    expect(rows.find((r) => r.ticker === 'D261102')).toMatchObject({ exchange: 'NYSE', masked: false });
    expect(JSON.stringify(masked)).not.toMatch(/Nasdaq|T\d\d:\d\d/);
    expect((await call(t.app, 'GET', `/api/rs/ticker/${res.body.data.split._id}`, { token: starter.token })).status).toBe(403);
  });
});

describe("the member's time zone", () => {
  it('is New York until the member picks another IANA zone', async () => {
    const m = await member(t.app, 'Pro');
    expect((await call(t.app, 'GET', '/api/users/self', { token: m.token })).body.data.user.timeZone).toBe('America/New_York');
    const res = await call(t.app, 'POST', '/api/users/update-self', {
      token: m.token,
      body: { timeZone: 'America/Los_Angeles' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.timeZone).toBe('America/Los_Angeles');
    expect((await call(t.app, 'GET', '/api/auth/me', { token: m.token })).body.data.user.timeZone).toBe('America/Los_Angeles');
  });

  it.each(['Mars/Olympus_Mons', 'PST8PDT; drop table users', '', 42, null, 'a'.repeat(80)])(
    'refuses %j with a clear message and keeps the zone',
    async (timeZone) => {
      const m = await member(t.app, 'Pro');
      const res = await call(t.app, 'POST', '/api/users/update-self', { token: m.token, body: { timeZone } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].msg).toMatch(/Time zone (must be an IANA time zone name|is required)/);
      expect((await call(t.app, 'GET', '/api/users/self', { token: m.token })).body.data.user.timeZone).toBe('America/New_York');
    },
  );
});

describe('the iCal feed', () => {
  it('has timed events from the open to the close, with an alarm an hour before the close, in the owner’s zone too', async () => {
    const m = await member(t.app, 'Pro');
    await call(t.app, 'POST', '/api/users/update-self', { token: m.token, body: { timeZone: 'America/Los_Angeles' } });
    await add({ ticker: 'ICALX', exchange: 'Nasdaq', buyDate: '2026-11-27', effDate: '2026-11-30' });
    const url = new URL((await call(t.app, 'GET', '/api/rs/ical', { token: m.token })).body.data.url);
    const feed = (await t.app.inject({ method: 'GET', url: url.pathname })).body.replace(/\r\n /g, '');
    const event = feed.split('BEGIN:VEVENT').find((e) => e.includes('SUMMARY:Buy ICALX'))!;
    // 9:30 am to 1:00 pm New York (EST) on the half day
    expect(event).toContain('DTSTART:20261127T143000Z\r\nDTEND:20261127T180000Z');
    expect(event).toContain('SUMMARY:Buy ICALX by 1:00 pm ET');
    expect(event).toContain('Buy by 1:00 pm ET (10:00 am PT) Fri Nov 27\\; halt 7:50 pm ET');
    expect(event).toMatch(/BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:[^\r]+\r\nTRIGGER;RELATED=END:-PT1H\r\nEND:VALARM/);
    expect(feed).not.toContain('VALUE=DATE');
  });
});
