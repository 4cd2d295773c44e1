import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInMarket } from '@roundup/shared';
import { addAccount, insertBroker, insertSplit, member, splitFields, type Member } from '../../../test/factories';
import { call, createTestApp, dbKind, setRole, type TestApp } from '../../../test/helpers';
import { drainDeliveries, recordingAdapters } from '../../../test/recording-adapters';
import { notificationsService } from '../notifications/service';

/**
 * A split's verdict at a broker (decision 044): three distinct members with the same outcome raise it
 * once; the Pro members still pending there hear it on their channels, the reporters do not; Pro split
 * rows carry it, Starter rows, visitors and calendar feeds do not.
 */
let t: TestApp;
const { mails, texts, adapters } = recordingAdapters();
const today = todayInMarket();
let schwab: string;
let fidelity: string;
let split: string;

/** One account at `brokerId` with `outcome` on `splitId` (bought yesterday); answers the trade. */
async function record(who: Member, brokerId: string, splitId: string, outcome: string, accountId?: string) {
  const account = accountId ?? (await addAccount(t.app, who.token, { brokerId }));
  const res = await call(t.app, 'POST', '/api/trades/bulk', {
    token: who.token,
    body: { splitId, accountIds: [account], buy_date: addDays(today, -1), buy_price: 1, outcome },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { accountId: account, trade: res.body.data.trades[0] as { _id: string } };
}

async function deliver() {
  while ((await notificationsService(t.app.ctx).expandFanouts()) > 0);
  await drainDeliveries(t.app.ctx);
}

const verdictEvents = async (splitId = split) =>
  (
    await t.database.query<{ key: string; n: number }>(
      `select e.key, (select count(*)::int from notification_deliveries d where d.event_id = e.id) as n
       from notification_events e where e.kind = 'splitVerdict' and e.payload->>'splitId' = $1 order by e.key`,
      [splitId],
    )
  ).rows;

const rowOf = async (token: string | undefined, ticker: string) =>
  ((await call(t.app, 'GET', '/api/rs', { token })).body.data.splits as { ticker: string; verdicts?: unknown }[]).find(
    (r) => r.ticker === ticker,
  );

async function reachable() {
  const m = await member(t.app, 'Pro', { verified: true });
  await t.database.query(`update users set phone = $2, phone_validated = true, notify_rsa_sms = true where id = $1`, [
    m.id,
    `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
  ]);
  return m;
}

beforeAll(async () => {
  t = await createTestApp({ ...adapters, config: { RATE_LIMIT_SCALE: 1000 } });
  schwab = await insertBroker(t.database, { name: 'Schwab' });
  fidelity = await insertBroker(t.database, { name: 'Fidelity' });
  split = await insertSplit(t.database, { ticker: 'DXVQ', buyDate: addDays(today, -3), effDate: addDays(today, -1) });
});
afterAll(() => t?.close());

describe('the verdict: threshold and fan-out', () => {
  let reporters: Member[];
  let waiting: Member;
  let twoAccounts: Member;

  it('two members are an anecdote: nothing is raised, rows carry no verdict', async () => {
    reporters = [await reachable(), await reachable()];
    waiting = await reachable();
    twoAccounts = await reachable();
    // A member who recorded while Pro and lapsed to Starter since.
    const starterWaiting = await reachable();
    const optedOut = await reachable();
    await call(t.app, 'POST', '/api/users/update-self', { token: optedOut.token, body: { notifications: { verdicts: false } } });
    const elsewhere = await reachable();
    for (const m of [waiting, starterWaiting, optedOut]) await record(m, schwab, split, 'pending');
    await setRole(t.database, starterWaiting.id, 'User');
    await record(elsewhere, fidelity, split, 'pending');
    await record(twoAccounts, schwab, split, 'pending');
    for (const m of reporters) await record(m, schwab, split, 'share_received');
    // A member's second account at the same broker is the same member: still two.
    await record(reporters[0], schwab, split, 'share_received');
    expect(await verdictEvents()).toEqual([]);
    expect((await rowOf(waiting.token, 'DXVQ'))?.verdicts).toEqual([]);
  });

  it('the third member raises it once; only Pro members still pending at that broker hear it, on every channel', async () => {
    mails.length = 0;
    texts.length = 0;
    // The third member keeps a second Schwab account pending: their own outcome is no news to them.
    await record(twoAccounts, schwab, split, 'share_received');
    await deliver();
    const events = await verdictEvents();
    expect(events).toEqual([{ key: `verdict:${split}:${schwab}:share_received`, n: 2 }]);
    const sentence = 'DXVQ rounded up at Schwab: 3 members got their share. Sell as DXVQ.';
    expect(mails.map((m) => m.to)).toEqual([waiting.email]);
    expect(mails[0].subject).toBe(sentence.replace(/\.$/, ''));
    expect(mails[0].text).toContain(sentence);
    expect(mails[0].text).toContain('your round-up at Schwab is still pending');
    // One-click unsubscribe like every alert.
    expect(mails[0].text).toMatch(/Unsubscribe: http\S+\/unsubscribe/);
    expect(texts).toEqual([expect.objectContaining({ channel: 'sms', body: expect.stringContaining(sentence) })]);
  });

  it('Pro rows carry the verdict; Starter rows and visitors do not', async () => {
    const row = await rowOf(waiting.token, 'DXVQ');
    expect(row?.verdicts).toEqual([
      { brokerId: schwab, brokerName: 'Schwab', outcome: 'share_received', members: 3, firstAt: expect.any(String) },
    ]);
    const byId = await call(t.app, 'GET', `/api/rs/ticker/${split}`, { token: waiting.token });
    expect(byId.body.data.split.verdicts).toEqual(row?.verdicts);
    const starter = await member(t.app, 'User');
    const starterRow = await rowOf(starter.token, 'DXVQ');
    expect(starterRow).toBeDefined();
    expect(starterRow).not.toHaveProperty('verdicts');
    const visitor = await call(t.app, 'GET', '/api/rs');
    expect(JSON.stringify(visitor.body)).not.toContain('verdicts');
    expect(JSON.stringify(visitor.body)).not.toContain('Schwab');
  });

  it('a member editing back and forth never sends it twice; falling below three does not take it back', async () => {
    const [first] = reporters;
    const { trade } = await record(first, schwab, split, 'share_received');
    for (const outcome of ['pending', 'cash_in_lieu', 'share_received', 'pending']) {
      const res = await call(t.app, 'POST', '/api/trades/edit', {
        token: first.token,
        body: { newTrade: { _id: trade._id, outcome } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // Its other account too: the member no longer reports a share at Schwab, two members do.
    await t.database.query(`update trades set outcome = 'pending' where user_id = $1`, [first.id]);
    await notificationsService(t.app.ctx).sweepVerdicts();
    await deliver();
    expect(await verdictEvents()).toEqual([{ key: `verdict:${split}:${schwab}:share_received`, n: 2 }]);
    const row = await rowOf(waiting.token, 'DXVQ');
    expect(row?.verdicts).toEqual([expect.objectContaining({ brokerName: 'Schwab', outcome: 'share_received', members: 3 })]);
  });
});

describe('the verdict names the symbol to sell', () => {
  it('a split the exchange lists under a new symbol: "Sell as NEW (was OLD)" in the message', async () => {
    const renamed = await insertSplit(t.database, { ticker: 'RNMQ', buyDate: addDays(today, -3), effDate: addDays(today, -1) });
    await t.database.query(
      `insert into split_sightings (split_id, source, symbol, new_symbol, cusip, ratio, market_date, url, first_seen_at, seen_at)
       values ($1, 'nasdaq', 'RNMQ', 'RNMQD', '12345X109', 10, $2, 'https://www.nasdaqtrader.com/', now(), now())`,
      [renamed, addDays(today, -1)],
    );
    const waiting = await reachable();
    await record(waiting, fidelity, renamed, 'pending');
    mails.length = 0;
    for (let i = 0; i < 3; i++) await record(await member(t.app, 'Pro', { verified: true }), fidelity, renamed, 'share_received');
    await deliver();
    const sentence = 'RNMQ rounded up at Fidelity: 3 members got their share. Sell as RNMQD (was RNMQ).';
    expect(mails.filter((m) => m.to === waiting.email).map((m) => m.subject)).toEqual([sentence.replace(/\.$/, '')]);
  });
});

describe('the verdict: exactly once', () => {
  it('five members recording the same outcome at once raise one verdict, one message per channel', async () => {
    const s = await insertSplit(t.database, { ticker: 'RACE', buyDate: addDays(today, -3), effDate: addDays(today, -1) });
    const waiting = await reachable();
    await record(waiting, fidelity, s, 'pending');
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => reachable()));
    const accounts = await Promise.all(five.map((m) => addAccount(t.app, m.token, { brokerId: fidelity })));
    mails.length = 0;
    await Promise.all(five.map((m, i) => record(m, fidelity, s, 'cash_in_lieu', accounts[i])));
    await Promise.all([notificationsService(t.app.ctx).sweepVerdicts(), notificationsService(t.app.ctx).sweepVerdicts()]);
    await deliver();
    expect(await verdictEvents(s)).toEqual([{ key: `verdict:${s}:${fidelity}:cash_in_lieu`, n: 2 }]);
    // One message; it counts the members who had reported when it was raised (writers at once: 3 to 5).
    const sent = mails.filter((m) => m.subject.includes('RACE')).map((m) => m.subject);
    expect(sent).toEqual([expect.stringMatching(/^RACE: [345] members report cash in lieu at Fidelity$/)]);
    const { rows } = await t.database.query<{ n: number }>(`select count(*)::int as n from split_verdicts where split_id = $1`, [
      s,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('two workers sweeping outcomes no write checked (its process died after its commit) raise it once', async () => {
    const s = await insertSplit(t.database, { ticker: 'SWEEP', buyDate: addDays(today, -3), effDate: addDays(today, -1) });
    const three = await Promise.all([1, 2, 3].map(() => reachable()));
    const waiting = await reachable();
    await record(waiting, schwab, s, 'pending');
    for (const m of three) await record(m, schwab, s, 'pending');
    await t.database.query(`update trades set outcome = 'no_credit', updated_at = now() where split_id = $1 and user_id <> $2`, [
      s,
      waiting.id,
    ]);
    const before = await changeCount();
    const raised = await Promise.all([
      notificationsService(t.app.ctx).sweepVerdicts(),
      notificationsService(t.app.ctx).sweepVerdicts(),
    ]);
    expect(raised.sort()).toEqual([0, 1]);
    expect(await verdictEvents(s)).toEqual([{ key: `verdict:${s}:${schwab}:no_credit`, n: 2 }]);
    // Open calendars hear of it: the live stream's change signal was counted.
    expect(await changeCount()).toBe(before + 1);
    await notificationsService(t.app.ctx).sweepVerdicts();
    expect(await verdictEvents(s)).toHaveLength(1);
  });
});

const changeCount = async () =>
  Number(
    (await t.database.query<{ n: string }>(`select coalesce(max(last_value), 0)::text as n from split_change_seq`)).rows[0].n,
  );

describe('imported outcomes count', () => {
  it('a statement import that records the third share at a broker raises the verdict', async () => {
    const csv = readFileSync(path.join(__dirname, '../../../test/fixtures/statements/schwab-reverse-split.csv'), 'utf8');
    const charles = await insertBroker(t.database, { name: 'Charles Schwab' });
    const s = await insertSplit(t.database, {
      name: 'Acme Robotics',
      ticker: 'ACMR',
      buyDate: '2026-11-06',
      effDate: '2026-11-10',
    });
    const waiting = await reachable();
    await record(waiting, charles, s, 'pending');
    for (const m of [await reachable(), await reachable()]) await record(m, charles, s, 'share_received');
    expect(await verdictEvents(s)).toEqual([]);
    const importer = await reachable();
    const accountId = await addAccount(t.app, importer.token, { brokerId: charles });
    const res = await call(t.app, 'POST', '/api/imports/apply', {
      token: importer.token,
      body: { accountId, csv, format: 'schwab' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.result.saved).toEqual([expect.objectContaining({ outcome: 'share_received' })]);
    mails.length = 0;
    await deliver();
    expect(await verdictEvents(s)).toEqual([{ key: `verdict:${s}:${charles}:share_received`, n: 2 }]);
    expect(mails.filter((m) => m.subject.includes('ACMR')).map((m) => [m.to, m.subject])).toEqual([
      [waiting.email, 'ACMR rounded up at Charles Schwab: 3 members got their share. Sell as ACMR'],
    ]);
  });
});

/** An open live stream (decision 006) and everything it has sent so far. */
async function openStream(base: string, token: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: ctrl.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    /** Reads until the stream has sent `event: splits` (hang detection only: it ends on the event). */
    async nextChange(): Promise<string> {
      while (!text.includes('event: splits')) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value);
      }
      return text.slice(text.indexOf('event: splits'));
    },
    close: () => ctrl.abort(),
  };
}

describe('the verdict reaches open calendars, Pro only', () => {
  it('the live stream says only that something changed; a Pro re-read shows the verdict, a Starter re-read does not', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const s = await insertSplit(t.database, { ticker: 'LIVE', buyDate: addDays(today, -3), effDate: addDays(today, -1) });
    const waiting = await reachable();
    const starter = await member(t.app, 'User');
    await record(waiting, schwab, s, 'pending');
    const [proStream, starterStream] = [await openStream(address, waiting.token), await openStream(address, starter.token)];
    try {
      for (const m of [await reachable(), await reachable(), await reachable()]) await record(m, schwab, s, 'share_received');
      for (const change of [await proStream.nextChange(), await starterStream.nextChange()]) {
        expect(change).toMatch(/^event: splits\ndata: \{"kind":"changed"\}/);
        expect(change).not.toMatch(/Schwab|LIVE|share_received/);
      }
      expect((await rowOf(waiting.token, 'LIVE'))?.verdicts).toEqual([expect.objectContaining({ brokerName: 'Schwab' })]);
      expect(await rowOf(starter.token, 'LIVE')).not.toHaveProperty('verdicts');
    } finally {
      proStream.close();
      starterStream.close();
    }
  });
});

describe('the verdict on the next load', () => {
  it('the member whose outcome raised it sees it at once, though their calendar was loaded just before', async () => {
    // Published by an admin, as every split is: each calendar shows it from the next load.
    const admin = await member(t.app, 'Admin');
    const added = await call(t.app, 'POST', '/api/rs/add', {
      token: admin.token,
      body: { newTicker: splitFields({ ticker: 'NEXT', buyDate: addDays(today, -3), effDate: addDays(today, -1) }) },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const s = added.body.data.split._id as string;
    const [a, b, c] = [await reachable(), await reachable(), await reachable()];
    await record(a, fidelity, s, 'share_received');
    await record(b, fidelity, s, 'share_received');
    // The calendar as c last saw it: loaded (and kept by the server) before the third outcome.
    expect((await rowOf(c.token, 'NEXT'))?.verdicts).toEqual([]);
    if (dbKind === 'postgres')
      // The database's change notice is late: its listening connection was just lost (it comes back in a second).
      await t.database.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
      );
    await record(c, fidelity, s, 'share_received');
    expect((await rowOf(c.token, 'NEXT'))?.verdicts).toEqual([expect.objectContaining({ brokerName: 'Fidelity', members: 3 })]);
  });
});

describe('the verdict stays in the app', () => {
  it('a Pro member’s calendar feed carries no verdict', async () => {
    const s = await insertSplit(t.database, { ticker: 'FEED', buyDate: addDays(today, -3), effDate: today, status: 'Upcoming' });
    const pro = await reachable();
    for (const m of [pro, await reachable(), await reachable()]) await record(m, schwab, s, 'share_received');
    expect((await rowOf(pro.token, 'FEED'))?.verdicts).toHaveLength(1);
    const url = new URL((await call(t.app, 'GET', '/api/rs/ical', { token: pro.token })).body.data.url);
    const feed = (await t.app.inject({ method: 'GET', url: url.pathname })).body.replace(/\r\n /g, '');
    expect(feed).toContain('FEED');
    expect(feed).not.toMatch(/rounded up at|members got|Schwab/);
  });

  it('a member who lost Pro before the send is skipped', async () => {
    const s = await insertSplit(t.database, { ticker: 'LAPSE', buyDate: addDays(today, -3), effDate: addDays(today, -1) });
    const lapsing = await reachable();
    await record(lapsing, fidelity, s, 'pending');
    mails.length = 0;
    for (const m of [await reachable(), await reachable(), await reachable()]) await record(m, fidelity, s, 'no_credit');
    await setRole(t.database, lapsing.id, 'User');
    await deliver();
    expect(mails.filter((m) => m.subject.includes('LAPSE'))).toEqual([]);
  });
});
