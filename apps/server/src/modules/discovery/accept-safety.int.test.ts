import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, splitFields, type Member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { classifyFiling } from './classifier/classify';
import { proposeFiling } from './propose-filing';
import { discoveryRepo } from './repo';

/**
 * An admin's mistake does not reach members unseen. The clock stands at 10:00 New
 * York on Friday 2026-11-20; Nov 28 is a Saturday, Nov 26 Thanksgiving.
 */
const NOW = Date.parse('2026-11-20T15:00:00Z');

let t: TestApp;
let admin: Member;
let pro: Member;
let starter: Member;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(NOW) });
  admin = await member(t.app, 'Admin');
  pro = await member(t.app, 'Pro');
  starter = await member(t.app, 'User');
});
afterAll(() => t?.close());

/** An open proposal as the classifier writes it (a round-up, 1-for-`ratio`, market Dec 3, buy by Dec 2). */
async function proposal(over: { ratio?: number | null; marketDate?: string; buyBy?: string } = {}): Promise<string> {
  seq += 1;
  const accession = `0000000000-26-${String(seq).padStart(6, '0')}`;
  await t.database.query(
    `insert into edgar_filings (accession, cik, company, form, file_date, found_by) values ($1, '7654321', 'Safety Corp', '8-K', '2026-11-20', 'search')`,
    [accession],
  );
  const { rows } = await t.database.query<{ id: string }>(
    `insert into discovery_proposals (accession, cik, company, ticker, form, file_date, ratio, market_date, buy_by, rounding, confidence)
     values ($1, '7654321', 'Safety Corp', $2, '8-K', '2026-11-20', $3, $4, $5, 'ROUND_UP', 0.9) returning id::text as id`,
    [
      accession,
      `SAF${seq}`,
      over.ratio === undefined ? 30 : over.ratio,
      over.marketDate ?? '2026-12-03',
      over.buyBy ?? '2026-12-02',
    ],
  );
  return rows[0].id;
}

const accept = (id: string, edits?: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/admin/discoveries/accept', { token: admin.token, body: { id, ...(edits ? { edits } : {}) } });

async function nothingWritten(id: string) {
  const p = await t.database.query<{ status: string; split_id: string | null }>(
    'select status, split_id::text from discovery_proposals where id = $1',
    [id],
  );
  expect(p.rows[0]).toEqual({ status: 'open', split_id: null });
  const splits = await t.database.query("select 1 from reverse_splits where ticker like 'SAF%'");
  expect(splits.rows).toHaveLength(0);
  const events = await t.database.query("select 1 from notification_events where kind = 'rsa'");
  expect(events.rows).toHaveLength(0);
}

describe('accept refuses what members could not act on, with the reason, and writes nothing', () => {
  it.each([
    ['a $0 price (none given)', {}, {}, 'price', /price is missing or \$0: members would read an estimated profit of \$0\.00/],
    ['a missing ratio', { ratio: null }, { price: 1 }, 'ratio', /ratio is missing/],
    [
      'a Saturday buy-by date',
      {},
      { price: 1, buyDate: '2026-11-28' },
      'buyDate',
      /Nov 28, 2026 is a Saturday, not a trading day/,
    ],
    [
      'a market date on a holiday',
      { marketDate: '2026-11-26', buyBy: '2026-11-25' },
      { price: 1 },
      'effDate',
      /Nov 26, 2026 is an exchange holiday/,
    ],
  ])('%s', async (_name, row, edits, path, msg) => {
    const id = await proposal(row);
    const preview = await call(t.app, 'POST', '/api/admin/discoveries/preview', { token: admin.token, body: { id, edits } });
    expect(preview.status).toBe(200);
    expect(preview.body.data.problems).toEqual([expect.objectContaining({ path, msg: expect.stringMatching(msg) })]);
    const res = await accept(id, edits);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ path, msg: expect.stringMatching(msg) })]);
    await nothingWritten(id);
  });
});

describe('a good proposal', () => {
  it('previews what members will receive, then publishes once however often it is clicked', async () => {
    const id = await proposal();
    const preview = await call(t.app, 'POST', '/api/admin/discoveries/preview', {
      token: admin.token,
      body: { id, edits: { price: 1.2 } },
    });
    expect(preview.body.data).toMatchObject({
      problems: [],
      updates: false,
      split: {
        ratio: 30,
        price: 1.2,
        estProfit: 34.8,
        buyDate: '2026-12-02',
        effDate: '2026-12-03',
        rsType: 'Round Up',
        exchange: null,
      },
      alert: {
        subject: expect.stringMatching(/^New reverse split: SAF\d+ 30:1, Round up$/),
        audience: expect.stringMatching(/Pro members/),
      },
    });
    expect(preview.body.data.alert.text).toContain('Price $1.20, estimated profit $34.80 per account.');
    expect(preview.body.data.alert.text).toContain('buy by December 02, 2026');
    // The deadline members will read: no listing named, so the close without a halt.
    expect(preview.body.data.alert.text).toContain('Buy by 4:00 pm ET Wed Dec 2');
    // The preview wrote nothing.
    expect((await t.database.query("select 1 from notification_events where kind = 'rsa'")).rows).toHaveLength(0);

    const both = await Promise.all([accept(id, { price: 1.2 }), accept(id, { price: 1.2 })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const split = both.find((r) => r.status === 200)!.body.data.split;
    expect(split).toMatchObject({ price: 1.2, estProfit: 34.8, ratio: 30 });
    const splits = await t.database.query('select 1 from reverse_splits where id = $1', [split._id]);
    expect(splits.rows).toHaveLength(1);
    const events = await t.database.query<{ key: string }>("select key from notification_events where kind = 'rsa'");
    expect(events.rows.map((r) => r.key)).toEqual([`rsa:${split._id}`]);
  });
});

describe('a change of terms after publication', () => {
  it('recomputes the estimated profit, records what changed and when, and shows it to those who see the split', async () => {
    const add = await call(t.app, 'POST', '/api/rs/add', {
      token: admin.token,
      body: { newTicker: splitFields({ ticker: 'CHGD', ratio: 30, price: 1, buyDate: '2026-12-10', effDate: '2026-12-11' }) },
    });
    const before = add.body.data.split;
    expect(before.estProfit).toBe(29);
    // The admin form sends back every field as shown, the old estimated profit included.
    const edit = await call(t.app, 'POST', '/api/rs/edit', {
      token: admin.token,
      body: { newTicker: { ...splitFields(), ...before, ratio: 35, estProfit: before.estProfit, _id: before._id } },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data.split.estProfit).toBe(34);

    const change = { field: 'ratio', from: 30, to: 35, at: new Date(NOW).toISOString() };
    const proRows = (await call(t.app, 'GET', '/api/rs', { token: pro.token })).body.data.splits;
    expect(proRows.find((s: any) => s.ticker === 'CHGD')).toMatchObject({ estProfit: 34, ratio: 35, changes: [change] });
    const byId = await call(t.app, 'GET', `/api/rs/ticker/${before._id}`, { token: pro.token });
    expect(byId.body.data.split.changes).toEqual([change]);

    // A masked row carries no change data (nor the ratio it changed to).
    const starterRows = (await call(t.app, 'GET', '/api/rs', { token: starter.token })).body.data.splits;
    expect(starterRows.length).toBeGreaterThan(0);
    for (const row of starterRows.filter((s: any) => s.masked)) {
      expect(row).not.toHaveProperty('changes');
      expect(JSON.stringify(row)).not.toContain('35');
    }

    // A second change keeps the first: the history stays.
    await call(t.app, 'POST', '/api/rs/edit', {
      token: admin.token,
      body: { newTicker: { ...splitFields(), ...edit.body.data.split, buyDate: '2026-12-09', _id: before._id } },
    });
    const again = await call(t.app, 'GET', `/api/rs/ticker/${before._id}`, { token: admin.token });
    expect(again.body.data.split.changes.map((c: any) => c.field)).toEqual(['ratio', 'buyDate']);
  });

  it('edits of an Approved split (not yet public) record nothing; /api/rs/add still takes a Saturday buy date', async () => {
    const add = await call(t.app, 'POST', '/api/rs/add', {
      token: admin.token,
      body: { newTicker: splitFields({ status: 'Approved', buyDate: '2026-11-28', effDate: '2026-11-30' }) },
    });
    expect(add.status).toBe(200);
    const s = add.body.data.split;
    await call(t.app, 'POST', '/api/rs/edit', { token: admin.token, body: { newTicker: { ...splitFields(), ...s, ratio: 12 } } });
    const got = await call(t.app, 'GET', `/api/rs/ticker/${s._id}`, { token: admin.token });
    expect(got.body.data.split).toMatchObject({ ratio: 12, changes: [] });
  });
});

describe('a filing whose ratio is not a whole number (1-for-4.3)', () => {
  it('the proposal keeps it exactly, the review says so, and accepting with a whole ratio puts it in the notes', async () => {
    const accession = '0000000000-26-900043';
    await t.database.query(
      `insert into edgar_filings (accession, cik, company, form, file_date, found_by) values ($1, '7654399', 'Odd Ratio Corp', '8-K', '2026-11-20', 'search')`,
      [accession],
    );
    const filing = (await discoveryRepo(t.database.db).filing(accession))!;
    const c = classifyFiling(
      `<html><body><p>Odd Ratio Corp (Nasdaq: ODDR) will effect a 1-for-4.3 reverse stock split of its common stock, and the common stock will begin trading on a split-adjusted basis when the market opens on December 3, 2026.</p>
<p>No fractional shares will be issued in connection with the Reverse Stock Split as all fractional shares will be rounded up to the next whole share.</p></body></html>`,
      { form: '8-K', fileDate: '2026-11-20' },
    );
    await proposeFiling({ ...t.app.ctx, clock: () => new Date(NOW) }, { filing, c, acceptedAt: null, exchange: null });

    const list = await call(t.app, 'GET', '/api/admin/discoveries?status=open', { token: admin.token });
    const p = list.body.data.proposals.find((x: { accession: string }) => x.accession === accession);
    expect(p).toMatchObject({ ratio: null, ratioExact: 4.3, ratioRange: null, rounding: 'ROUND_UP', marketDate: '2026-12-03' });

    const refused = await accept(p._id, { price: 1, ticker: 'ODDR' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({
        path: 'ratio',
        msg: expect.stringMatching(/^The filing states a 1-for-4\.3 ratio, not a whole number: enter the whole/),
      }),
    ]);
    const ok = await accept(p._id, { price: 1, ticker: 'ODDR', ratio: 4 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.split).toMatchObject({ ratio: 4 });
    const notes = await t.database.query<{ notes: string }>('select notes from reverse_splits where id = $1', [
      ok.body.data.split._id,
    ]);
    expect(notes.rows[0].notes).toMatch(/^The filing states a 1-for-4\.3 ratio, not a whole number\. “No fractional shares/);
  });
});
