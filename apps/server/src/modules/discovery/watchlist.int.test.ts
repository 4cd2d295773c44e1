import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, type Member } from '../../../test/factories';
import { call, createTestApp, setRole, type TestApp } from '../../../test/helpers';
import type { FilingRow } from './repo';
import { proposeFiling } from './propose-filing';
import { classifyFiling } from './rules';
import { watchDeficiency } from './watch-deficiency';

/**
 * The deficiency watchlist, on the database: a real minimum-bid-price notice puts its issuer in the
 * pipeline at `deficiency` (Pro whole, Starter masked); a Pro member follows it; the issuer's later
 * proxy moves the same entry on and the follower gets exactly one alert, however often it moves on.
 */
const NOW = new Date('2025-04-29T15:00:00Z');
const CIK = '1058307';
const FIXTURE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'classifier/fixtures/deficiency',
  'ibn_2025_0429_investornewsbreaks-nextplat-corp-nasdaq-nxpl-receives-nasdaq-notice-for-minimum-bid-price-noncompliance.md',
);
/** A proxy asking holders to approve a reverse split in a range (a short passage in a proxy's words). */
const PROXY = [
  'PROPOSAL 3: APPROVAL OF A REVERSE STOCK SPLIT.',
  'The Board recommends that stockholders approve an amendment to effect a reverse stock split of our common stock at a ratio of not less than 1-for-5 and not more than 1-for-50.',
  'No fractional shares will be issued in connection with the reverse stock split; any fractional share will be rounded up to the next whole share.',
].join('\n');

let t: TestApp;
let pro: Member;
/** Follows while Pro, then lapses to Starter before the split is proposed. */
let lapsed: Member;
let starter: Member;
let seq = 0;

async function filing(form: string, fileDate: string): Promise<FilingRow> {
  seq += 1;
  const accession = `0001058307-25-${String(seq).padStart(6, '0')}`;
  await t.database.query(
    `insert into edgar_filings (accession, cik, company, form, file_date, found_by) values ($1, $2, 'NextPlat Corp', $3, $4, 'feed')`,
    [accession, CIK, form, fileDate],
  );
  const { rows } = await t.database.query<Record<string, unknown>>(`select * from edgar_filings where accession = $1`, [
    accession,
  ]);
  const r = rows[0];
  return {
    accession,
    cik: CIK,
    company: 'NextPlat Corp',
    form,
    fileDate,
    primaryDoc: null,
    displayNames: [],
    foundBy: 'feed',
    status: 'queued',
    attempts: 0,
    nextAttemptAt: new Date(r.next_attempt_at as string),
    lockedUntil: null,
    error: null,
    acceptedAt: null,
    discoveredAt: new Date(r.discovered_at as string),
    processedAt: null,
  };
}

async function propose(form: string, fileDate: string) {
  const f = await filing(form, fileDate);
  const c = classifyFiling(PROXY, { form, fileDate });
  expect(c.isReverseSplit).toBe(true);
  await proposeFiling(t.app.ctx, { filing: f, c, acceptedAt: new Date(`${fileDate}T20:30:00Z`), exchange: 'Nasdaq' });
}

const entries = async (m?: Member) => call(t.app, 'GET', '/api/rs/pipeline', { token: m?.token });
const alerts = async () =>
  (await t.database.query<{ key: string }>(`select key from notification_events where kind = 'watchlistProposed' order by key`))
    .rows;

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  pro = await member(t.app, 'Pro', { verified: true });
  lapsed = await member(t.app, 'Pro', { verified: true });
  starter = await member(t.app, 'User');
});
afterAll(async () => t?.close());

describe('the deficiency watchlist', () => {
  it('a real bid-price notice enters the pipeline at `deficiency`: whole for Pro, masked for Starter', async () => {
    const f = await filing('8-K', '2025-04-29');
    const text = readFileSync(FIXTURE, 'utf8');
    const at = new Date('2025-04-29T20:05:00Z');
    expect(await watchDeficiency(t.app.ctx, { filing: f, text, ticker: 'NXPL', acceptedAt: at })).toBe(true);

    const [entry] = (await entries(pro)).body.data.entries;
    expect(entry).toMatchObject({
      name: 'NextPlat Corp',
      ticker: 'NXPL',
      exchange: 'Nasdaq',
      stage: 'deficiency',
      deficiency: { rule: 'Nasdaq 5550(a)(2)', noticeDate: '2025-04-29', deadline: '2025-10-27' },
      sentence: expect.stringContaining('not in compliance with Nasdaq Listing Rule 5550(a)(2)'),
      filingUrl: expect.stringContaining(`/Archives/edgar/data/${CIK}/`),
      following: false,
      masked: false,
    });
    const hidden = (await entries(starter)).body.data.entries;
    expect(hidden).toEqual([
      { _id: 'masked-1', name: '*****', ticker: '*****', stage: 'deficiency', buyDate: null, effDate: null, masked: true },
    ]);
    expect(JSON.stringify(hidden)).not.toMatch(/NXPL|NextPlat|5550|2025-10-27/);
    expect((await entries()).status).toBe(401);
  });

  it('a Pro member follows it (twice is once); a Starter may not; an unknown entry is 404', async () => {
    const [entry] = (await entries(pro)).body.data.entries;
    const follow = (m: Member, id: string) => call(t.app, 'POST', '/api/rs/pipeline/follow', { token: m.token, body: { id } });
    expect((await follow(starter, entry._id)).status).toBe(403);
    expect((await follow(pro, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const [a, b] = await Promise.all([follow(pro, entry._id), follow(pro, entry._id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data).toEqual({ id: entry._id, following: true });
    expect((await entries(pro)).body.data.entries[0].following).toBe(true);
    expect((await follow(lapsed, entry._id)).status).toBe(200);
  });

  it('the issuer’s later proxy moves the same entry on, keeps the notice, and alerts the follower once (a follower no longer Pro hears nothing)', async () => {
    const [before] = (await entries(pro)).body.data.entries;
    await setRole(t.database, lapsed.id, 'User');
    await propose('DEF 14A', '2025-06-02');
    const [after] = (await entries(pro)).body.data.entries;
    expect(after).toMatchObject({
      _id: before._id,
      stage: 'proposed',
      ratioRange: { min: 5, max: 50 },
      rsType: 'Round Up',
      deficiency: { rule: 'Nasdaq 5550(a)(2)', noticeDate: '2025-04-29', deadline: '2025-10-27' },
    });
    expect(await alerts()).toEqual([{ key: `watchlist:${before._id}:${pro.id}` }]);
    const { rows } = await t.database.query<{ user_id: string; channel: string }>(
      `select user_id::text, channel from notification_deliveries d join notification_events e on e.id = d.event_id
       where e.kind = 'watchlistProposed'`,
    );
    expect(rows).toEqual([{ user_id: pro.id, channel: 'email' }]);

    // A second filing (the definitive proxy's supplement) moves nothing back and alerts no one again.
    await propose('DEFA14A', '2025-06-10');
    expect(await alerts()).toHaveLength(1);
    // A late notice of the same issuer keeps the entry where it is.
    const f = await filing('8-K', '2025-06-12');
    await watchDeficiency(t.app.ctx, { filing: f, text: readFileSync(FIXTURE, 'utf8'), ticker: 'NXPL', acceptedAt: null });
    expect((await entries(pro)).body.data.entries[0].stage).toBe('proposed');
  });
});
