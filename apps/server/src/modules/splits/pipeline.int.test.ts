import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSplit, member, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';

/**
 * The pipeline of undated splits (decision 032): its masking matrix, the
 * evidence on the split itself and the issuer's history. Clock: Friday 2026-11-20, 10:00 New York.
 */
const NOW = Date.parse('2026-11-20T15:00:00Z');
const CIK = '1234999';
const SENTENCE = 'No fractional shares will be issued; any fractional share will be rounded up to the next whole share.';

let t: TestApp;
let admin: Member;
let pro: Member;
let starter: Member;
let seq = 0;

/** A proposal as the classifier writes it; undated unless `marketDate` is given. */
async function proposal(
  over: {
    stage?: string;
    marketDate?: string;
    buyBy?: string;
    rounding?: string;
    cik?: string;
    ticker?: string;
    ratioExact?: number;
  } = {},
) {
  seq += 1;
  const accession = `0000000000-26-${String(900 + seq).padStart(6, '0')}`;
  await t.database.query(
    `insert into edgar_filings (accession, cik, company, form, file_date, found_by, accepted_at)
     values ($1, $2, 'Pipeline Bio Inc.', 'DEF 14A', '2026-11-18', 'search', '2026-11-18T21:05:00Z')`,
    [accession, over.cik ?? CIK],
  );
  const { rows } = await t.database.query<{ id: string }>(
    `insert into discovery_proposals (accession, cik, company, ticker, exchange, form, file_date, ratio_min, ratio_max, ratio,
       market_date, buy_by, rounding, stage, confidence, evidence, ratio_exact)
     values ($1, $2, 'Pipeline Bio Inc.', $9, 'Nasdaq', 'DEF 14A', '2026-11-18', $11, $12, $3, $4, $5, $6, $7, 0.9, $8::jsonb, $10)
     returning id::text as id`,
    [
      accession,
      over.cik ?? CIK,
      over.marketDate ? 20 : null,
      over.marketDate ?? null,
      over.buyBy ?? null,
      over.rounding ?? 'ROUND_UP',
      over.stage ?? 'proposed',
      JSON.stringify({ sentence: SENTENCE, before: null, after: null }),
      over.ticker ?? 'PLBO',
      over.ratioExact ?? null,
      over.ratioExact ? null : 5,
      over.ratioExact ? null : 40,
    ],
  );
  return rows[0].id;
}

const publish = (id: string, token = admin.token, stage?: string) =>
  call(t.app, 'POST', '/api/admin/discoveries/pipeline', { token, body: { id, ...(stage ? { stage } : {}) } });
const pipeline = (token?: string) => call(t.app, 'GET', '/api/rs/pipeline', { token });

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(NOW) });
  admin = await member(t.app, 'Admin');
  pro = await member(t.app, 'Pro');
  starter = await member(t.app, 'User');
  // The issuer's earlier split, typed by hand (no CIK): matched by its ticker.
  await addSplit(t.app, admin.token, {
    name: 'Pipeline Bio Inc',
    ticker: 'PLBO',
    effDate: '2025-03-10',
    buyDate: '2025-03-07',
    ratio: 15,
    status: 'Complete',
    rsType: 'CIL',
    price: 2,
  });
  await addSplit(t.app, admin.token, {
    name: 'Unrelated Ltd',
    ticker: 'UNRL',
    effDate: '2025-04-10',
    buyDate: '2025-04-09',
    status: 'Complete',
  });
});
afterAll(() => t?.close());

describe('the pipeline', () => {
  it('an admin publishes an undated proposal; members and visitors see it by role', async () => {
    const id = await proposal();
    expect((await publish(id, pro.token)).status).toBe(403);
    const res = await publish(id);
    expect(res.status).toBe(200);
    expect(res.body.data.entry).toMatchObject({ stage: 'proposed', name: 'Pipeline Bio Inc.', buyDate: null, effDate: null });

    // Anonymous: as GET /api/rs, signed-in callers only.
    expect((await pipeline()).status).toBe(401);

    const starterView = await pipeline(starter.token);
    expect(starterView.status).toBe(200);
    expect(starterView.body.data.entries).toEqual([
      { _id: 'masked-1', name: '*****', ticker: '*****', stage: 'proposed', buyDate: null, effDate: null, masked: true },
    ]);
    expect(JSON.stringify(starterView.body)).not.toMatch(/PLBO|Pipeline|sec\.gov|rounded|1234999/);

    for (const who of [pro, admin]) {
      const res = await pipeline(who.token);
      expect(res.status).toBe(200);
      expect(res.body.data.entries).toEqual([
        expect.objectContaining({
          name: 'Pipeline Bio Inc.',
          ticker: 'PLBO',
          stage: 'proposed',
          ratioRange: { min: 5, max: 40 },
          rsType: 'Round Up',
          sentence: SENTENCE,
          acceptedAt: '2026-11-18T21:05:00.000Z',
          filingUrl: expect.stringContaining(`/Archives/edgar/data/${CIK}/`),
          history: [{ date: '2025-03-10', ratio: 15, rounding: 'Cash in lieu' }],
          masked: false,
        }),
      ]);
    }
  });

  it('a later filing of the issuer moves its one entry on; the admin may say the vote failed', async () => {
    const id = await proposal({ stage: 'postponed' });
    expect((await publish(id)).body.data.entry.stage).toBe('postponed');
    expect((await publish(id, admin.token, 'failed')).body.data.entry.stage).toBe('failed');
    const entries = (await pipeline(pro.token)).body.data.entries;
    expect(entries).toHaveLength(1);
    expect(entries[0].stage).toBe('failed');
    expect((await publish(id, admin.token, 'sideways')).status).toBe(400);
  });

  it('a dated proposal is accepted, not published; the split carries the evidence for Pro only and leaves the pipeline', async () => {
    const id = await proposal({
      stage: 'announced',
      marketDate: '2026-12-03',
      buyBy: '2026-12-02',
      rounding: 'ROUND_UP_PARTICIPANT',
    });
    const refused = await publish(id);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].msg).toMatch(/accept it as a split/);
    const accepted = await call(t.app, 'POST', '/api/admin/discoveries/accept', {
      token: admin.token,
      body: { id, edits: { price: 1.25, status: 'Upcoming' } },
    });
    expect(accepted.status).toBe(200);
    const splitId = accepted.body.data.split._id as string;
    expect(accepted.body.data.split).toMatchObject({ rsType: 'Round Up', participant: true });

    // Pro and admin: the deciding sentence, the filing and its acceptance time, and the issuer's history.
    for (const who of [pro, admin]) {
      const byId = (await call(t.app, 'GET', `/api/rs/ticker/${splitId}`, { token: who.token })).body.data.split;
      expect(byId.evidence).toEqual({
        sentence: SENTENCE,
        filingUrl: expect.stringContaining(`/Archives/edgar/data/${CIK}/`),
        acceptedAt: '2026-11-18T21:05:00.000Z',
      });
      expect(byId.history).toEqual([{ date: '2025-03-10', ratio: 15, rounding: 'Cash in lieu' }]);
      const row = (await call(t.app, 'GET', '/api/rs', { token: who.token })).body.data.splits.find(
        (s: { _id: string }) => s._id === splitId,
      );
      expect(row.evidence.sentence).toBe(SENTENCE);
      expect(row.history).toHaveLength(1);
    }
    // Starter: the upcoming split is masked (no evidence, no history); the completed one they see whole has neither.
    const starterRows = (await call(t.app, 'GET', '/api/rs', { token: starter.token })).body.data.splits as Record<
      string,
      unknown
    >[];
    expect(starterRows.some((s) => s._id === splitId)).toBe(false);
    for (const s of starterRows) {
      expect(s).not.toHaveProperty('evidence');
      expect(s).not.toHaveProperty('history');
    }
    expect(starterRows.some((s) => s.ticker === 'PLBO' && s.masked === false)).toBe(true);
    expect(JSON.stringify(starterRows)).not.toContain(SENTENCE);

    // The dated split took the issuer's entry out of the pipeline.
    expect((await pipeline(pro.token)).body.data.entries).toEqual([]);
    expect((await pipeline(starter.token)).body.data.entries).toEqual([]);
  });

  it('a split typed by hand for the same ticker takes the entry out and keeps what the filing said', async () => {
    const id = await proposal({ cik: '7770001', ticker: 'HNDQ' });
    expect((await publish(id)).status).toBe(200);
    expect((await pipeline(pro.token)).body.data.entries.map((e: { ticker: string }) => e.ticker)).toEqual(['HNDQ']);
    const added = await addSplit(t.app, admin.token, { ticker: 'HNDQ', buyDate: '2026-12-02', effDate: '2026-12-03' });
    expect((await pipeline(pro.token)).body.data.entries).toEqual([]);
    const split = (await call(t.app, 'GET', `/api/rs/ticker/${added._id}`, { token: pro.token })).body.data.split;
    expect(split.evidence).toEqual({
      sentence: SENTENCE,
      filingUrl: expect.stringContaining('/Archives/edgar/data/7770001/'),
      acceptedAt: '2026-11-18T21:05:00.000Z',
    });
  });

  it('a ratio that is not a whole number reaches the pipeline exactly, for Pro members only', async () => {
    const id = await proposal({ cik: '1234777', ticker: 'ODDR', ratioExact: 4.3 });
    const res = await publish(id);
    expect(res.status).toBe(200);
    expect(res.body.data.entry).toMatchObject({ ratio: null, ratioExact: 4.3, ratioRange: null });
    const pro_ = await pipeline(pro.token);
    expect(pro_.body.data.entries).toContainEqual(expect.objectContaining({ ticker: 'ODDR', ratio: null, ratioExact: 4.3 }));
    const starterView = await pipeline(starter.token);
    expect(JSON.stringify(starterView.body)).not.toMatch(/ODDR|4\.3/);
  });
});
