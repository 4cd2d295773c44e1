import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { edgarClient, edgarHttp } from '../../adapters/edgar';
import { addAccount, insertBroker, member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { defaultRoutes, startEdgarPeer, type EdgarPeer, type Route } from '../../../test/edgar/peer';
import { discoveryService } from './service';

/**
 * From poll to review queue against a local EDGAR peer serving recorded search, Atom, index and
 * document responses (test/fixtures/edgar; gzipped, SHA-256 checked). The clock stands at
 * 10:00 New York on 2026-11-20, so the first cycle searches file dates 2026-11-17 to 2026-11-20.
 */
const UA = 'RoundUp discovery-tests@example.com';
const T0 = Date.parse('2026-11-20T15:00:00Z');
const ACME = '/Archives/edgar/data/1000001/000100000126000010';
const BETA = '/Archives/edgar/data/1000002/000100000226000021';

let peer: EdgarPeer;
let t: TestApp;
let now: number;

async function boot(routes?: Route[], config: Record<string, unknown> = {}) {
  peer = await startEdgarPeer(routes);
  now = T0;
  t = await createTestApp({
    clock: () => new Date(now),
    config: { SEC_USER_AGENT: UA, EDGAR_SEARCH_URL: peer.searchUrl, EDGAR_ARCHIVES_URL: peer.base, ...config },
  });
}

/**
 * A client like the real one with short backoffs (bad-input cases retry several times). Tests that do
 * not check politeness may lift the rate: the first test holds the real 10 a second.
 */
const quickClient = (maxRps = 10) =>
  edgarClient(
    { searchUrl: peer.searchUrl, archivesUrl: peer.base },
    edgarHttp({ userAgent: UA, maxRps, maxBytes: 1_000_000, retries: 2, minBackoffMs: 10 }),
  );

afterEach(async () => {
  await t?.close();
  await peer?.close();
});

const maxPerSecond = (times: number[]) => Math.max(0, ...times.map((at) => times.filter((x) => x >= at && x < at + 1000).length));

describe('discovery: poll to review queue', () => {
  beforeEach(() => boot());

  it('finds, fetches and classifies each filing once, politely, and proposes what it found', async () => {
    const admin = await member(t.app, 'Admin');
    const discovery = discoveryService(t.app.ctx);
    const result = await discovery.runCycle();
    expect(result).toMatchObject({ slot: '2026-11-20T10:00', found: 5, processed: 5, proposals: 4, error: null });

    // Polite: the declared User-Agent on every request, never more than 10 a second, the 429 waited out.
    expect(new Set(peer.log.map((r) => r.userAgent))).toEqual(new Set([UA]));
    expect(maxPerSecond(peer.log.map((r) => r.at))).toBeLessThanOrEqual(10);
    expect(peer.log.filter((r) => r.path === `${ACME}/0001000001-26-000010-index.htm`).map((r) => r.status)).toEqual([429, 200]);
    // The window whose total was a lower bound was narrowed into halves.
    expect(
      peer.log.filter((r) => r.query.q === '"share consolidation"').map((r) => `${r.query.startdt}..${r.query.enddt}`),
    ).toEqual(['2026-11-17..2026-11-20', '2026-11-17..2026-11-18', '2026-11-19..2026-11-20']);
    // The feed's earnings 8-K (Item 2.02) is never fetched; its entry without an accession is skipped.
    expect(peer.log.some((r) => r.path.includes('/1000005/'))).toBe(false);

    const list = await call(t.app, 'GET', '/api/admin/discoveries', { token: admin.token });
    expect(list.status).toBe(200);
    const byTicker = Object.fromEntries(list.body.data.proposals.map((p: any) => [`${p.ticker}:${p.status}`, p]));
    expect(Object.keys(byTicker).sort()).toEqual(['ACMR:open', 'ACMR:superseded', 'BTPH:open', 'DLTS:open']);

    // The 8-K/A moved the date: it supersedes the 8-K and says what changed.
    const acme = byTicker['ACMR:open'];
    expect(acme).toMatchObject({
      form: '8-K/A',
      rounding: 'ROUND_UP',
      rsType: 'Round Up',
      proposedStatus: 'Upcoming',
      ratio: 20,
      marketDate: '2026-12-03',
      buyBy: '2026-12-02',
      previousId: byTicker['ACMR:superseded']._id,
      changes: { marketDate: { from: '2026-12-01', to: '2026-12-03' }, buyBy: { from: '2026-11-30', to: '2026-12-02' } },
      filingUrl: `${peer.base}${'/Archives/edgar/data/1000001/000100000126000012'}/0001000001-26-000012-index.htm`,
    });
    expect(acme.evidence.sentence).toMatch(/rounded up to the nearest whole share/);
    expect(byTicker['ACMR:superseded']).toMatchObject({ marketDate: '2026-12-01', acceptedAt: '2026-11-18T21:31:07.000Z' });
    expect(byTicker['BTPH:open']).toMatchObject({
      rounding: 'CASH_IN_LIEU',
      rsType: 'CIL',
      ratio: 10,
      marketDate: '2026-11-30',
      buyBy: '2026-11-27',
    });
    expect(byTicker['DLTS:open']).toMatchObject({ rounding: 'ROUND_UP_PARTICIPANT', rsType: 'Round Up', ratio: 25 });
    expect(list.body.data.lastRun).toMatchObject({ slot: '2026-11-20T10:00', found: 5, proposals: 4 });

    // The admins heard of the new round-up once, by email and on their Discord channel.
    const notices = await t.database.query<{ channel: string; recipient: string; subject: string | null; body: string }>(
      "select channel, recipient, subject, body from outbox where body like '%ACMR%' order by created_at",
    );
    expect(notices.rows.map((r) => [r.channel, r.recipient])).toEqual([
      ['email', admin.email],
      ['discord', 'discord-admin'],
    ]);
    expect(notices.rows[0].subject).toBe('Round-up proposal: ACMR — buy by 2026-12-02');

    // The same slot never runs twice; the next slot finds nothing new and fetches no document again.
    expect(await discovery.runCycle({ slot: '2026-11-20T10:00' })).toBeNull();
    const docsBefore = peer.log.filter((r) => r.path.startsWith('/Archives')).length;
    now += 15 * 60_000;
    expect(await discovery.runCycle()).toMatchObject({ slot: '2026-11-20T10:15', found: 0, processed: 0 });
    expect(peer.log.filter((r) => r.path.startsWith('/Archives')).length).toBe(docsBefore);
    expect(
      await call(t.app, 'GET', '/api/admin/discoveries', { token: admin.token }).then((r) => r.body.data.proposals.length),
    ).toBe(4);
  });

  it('lets only admins review; accept writes the split from the filing, once; reject keeps the reason', async () => {
    await discoveryService(t.app.ctx, { client: quickClient(1000) }).runCycle();
    const admin = await member(t.app, 'Admin');
    const starter = await member(t.app, 'User');
    const pro = await member(t.app, 'Pro');
    expect((await call(t.app, 'GET', '/api/admin/discoveries')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/discoveries', { token: starter.token })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/discoveries?status=nope', { token: admin.token })).status).toBe(400);
    const open = (await call(t.app, 'GET', '/api/admin/discoveries?status=open', { token: admin.token })).body.data.proposals;
    const acme = open.find((p: any) => p.ticker === 'ACMR');
    const beta = open.find((p: any) => p.ticker === 'BTPH');

    expect(
      (await call(t.app, 'POST', '/api/admin/discoveries/accept', { token: pro.token, body: { id: acme._id } })).status,
    ).toBe(403);
    // Two tabs accept at once: the proposal is marked in the split's own transaction, so one wins
    // and the other's split is rolled back with its 409.
    const both = await Promise.all(
      [0, 1].map(() =>
        call(t.app, 'POST', '/api/admin/discoveries/accept', {
          token: admin.token,
          body: { id: acme._id, edits: { price: 1.25 } },
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const accepted = both.find((r) => r.status === 200)!;
    const splitRows = await t.database.query<{ n: number }>(
      "select count(*)::int as n from reverse_splits where ticker = 'ACMR'",
    );
    expect(splitRows.rows[0].n).toBe(1);
    expect(accepted.body.data.split).toMatchObject({
      name: 'Acme Robotics, Inc.',
      ticker: 'ACMR',
      ratio: 20,
      effDate: '2026-12-03',
      buyDate: '2026-12-02',
      price: 1.25,
      rsType: 'Round Up',
      status: 'Upcoming',
      source: acme.filingUrl,
      // The listing the filing names: Nasdaq halts at 7:50 pm the evening before.
      exchange: 'Nasdaq',
      deadline: { regularClose: '2026-12-02T21:00:00.000Z', haltAt: '2026-12-03T00:50:00.000Z' },
    });
    expect(accepted.body.data.proposal).toMatchObject({ status: 'accepted', splitId: accepted.body.data.split._id });
    // A second tab's accept does not write a second split.
    const again = await call(t.app, 'POST', '/api/admin/discoveries/accept', { token: admin.token, body: { id: acme._id } });
    expect(again.status).toBe(409);
    const rs = await call(t.app, 'GET', '/api/rs', { token: pro.token });
    expect(rs.body.data.splits.filter((s: any) => s.ticker === 'ACMR')).toHaveLength(1);

    // After the split, a member records that the share arrived: the queue's record shows the call held.
    // (An outcome is a recorded fact, never dated in the future: the clock moves past the split first.)
    now = Date.parse('2026-12-04T15:00:00Z');
    const brokerId = await insertBroker(t.database, { name: 'Record Broker' });
    const accountId = await addAccount(t.app, pro.token, { brokerId });
    const recorded = await call(t.app, 'POST', '/api/trades/bulk', {
      token: pro.token,
      body: {
        splitId: accepted.body.data.split._id,
        accountIds: [accountId],
        buy_price: 1.2,
        outcome: 'share_received',
        outcome_date: '2026-12-04',
      },
    });
    expect(recorded.status).toBe(200);
    const record = (await call(t.app, 'GET', '/api/admin/discoveries', { token: admin.token })).body.data.record;
    expect(record.roundUpOutcomes).toEqual({ splits: 1, recorded: 1, received: 1 });

    expect(
      (await call(t.app, 'POST', '/api/admin/discoveries/reject', { token: admin.token, body: { id: beta._id, reason: '' } }))
        .status,
    ).toBe(400);
    const rejected = await call(t.app, 'POST', '/api/admin/discoveries/reject', {
      token: admin.token,
      body: { id: beta._id, reason: 'Cash in lieu: nothing to round up' },
    });
    expect(rejected.body.data.proposal).toMatchObject({ status: 'rejected', rejectReason: 'Cash in lieu: nothing to round up' });
    expect(
      (await call(t.app, 'POST', '/api/admin/discoveries/accept', { token: admin.token, body: { id: beta._id } })).status,
    ).toBe(409);
    const unknown = await call(t.app, 'POST', '/api/admin/discoveries/accept', {
      token: admin.token,
      body: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    const audit = await t.database.query<{ action: string }>(
      "select action from audit_log where target_type = 'discovery' order by created_at",
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['discovery.accept', 'discovery.reject']);
  });
});

describe('discovery: restarts and bad input', () => {
  it('a restart in the middle of a cycle goes on where it stopped and fetches nothing twice', async () => {
    const routes = defaultRoutes();
    const at = routes.findIndex((r) => r.path === `${BETA}/btph-8k_20261118.htm`);
    routes.splice(at, 0, { path: `${BETA}/btph-8k_20261118.htm`, hang: true, times: 1 });
    await boot(routes);
    // The first process stops answering mid-cycle (its request hangs, as if it were killed).
    const first = discoveryService(t.app.ctx, { client: quickClient(1000) })
      .runCycle()
      .catch(() => null);
    await expect.poll(() => peer.log.some((r) => r.path === `${BETA}/btph-8k_20261118.htm`), { timeout: 15_000 }).toBe(true);
    // Another process takes the next slot once the first one's leases have run out (leases are
    // kept by the database's clock, so they are ended there; the app's clock names the next slot).
    now += 15 * 60_000;
    await t.database.query(`update discovery_runs set lease_until = now() - interval '1 second' where finished_at is null`);
    await t.database.query(`update edgar_filings set locked_until = now() - interval '1 second' where locked_until is not null`);
    const second = await discoveryService(t.app.ctx, { client: quickClient(1000) }).runCycle();
    expect(second).toMatchObject({ slot: '2026-11-20T10:15', proposals: 3 });
    const docs = peer.log.filter((r) => r.path.startsWith('/Archives') && r.status === 200).map((r) => r.path);
    expect(docs.length).toBe(new Set(docs).size);
    const admin = await member(t.app, 'Admin');
    const list = await call(t.app, 'GET', '/api/admin/discoveries', { token: admin.token });
    expect(list.body.data.proposals.map((p: any) => `${p.ticker}:${p.status}`).sort()).toEqual([
      'ACMR:open',
      'ACMR:superseded',
      'BTPH:open',
      'DLTS:open',
    ]);
    void first;
  });

  it('malformed search JSON is logged and the cycle still works its queue; a bad document skips its filing only', async () => {
    const routes: Route[] = [
      { path: '/LATEST/search-index', body: '{"hits": {"total": "many"', contentType: 'application/json' },
      ...defaultRoutes().filter((r) => r.path !== '/LATEST/search-index'),
    ];
    // Delta's document is larger than the cap; the feed still finds it.
    const delta = routes.findIndex((r) => r.path.endsWith('/dlts-8k.htm'));
    routes[delta] = { path: routes[delta].path, body: 'x'.repeat(1_200_000) };
    await boot(routes, { EDGAR_MAX_BYTES: 1_000_000 });
    const discovery = discoveryService(t.app.ctx, { client: quickClient() });
    const result = await discovery.runCycle();
    expect(result?.error).toMatch(/^search: full-text search answered malformed JSON/);
    // The feed still found Delta; its document is over the cap, so the filing is skipped, with the reason.
    expect(result).toMatchObject({ found: 1, processed: 1, proposals: 0 });
    const filings = await t.database.query<{ accession: string; status: string; error: string | null }>(
      'select accession, status, error from edgar_filings',
    );
    expect(filings.rows).toEqual([
      { accession: '0001000004-26-000031', status: 'skipped', error: expect.stringMatching(/byte cap/) },
    ]);
    // A failed search leaves the window to the next cycle.
    const run = await t.database.query<{ searched_to: string | null }>('select searched_to from discovery_runs');
    expect(run.rows[0].searched_to).toBeNull();
  });

  it('a truncated gzip body is retried, then the filing waits for a later cycle: no crash, no half-written proposal', async () => {
    const whole = gzipSync(
      Buffer.from('<html><body><p>Fractional shares will be rounded up in the 1-for-25 reverse stock split.</p></body></html>'),
    );
    const routes = defaultRoutes();
    const delta = routes.findIndex((r) => r.path.endsWith('/dlts-8k.htm'));
    routes[delta] = {
      path: routes[delta].path,
      body: whole.subarray(0, whole.length - 12).toString('base64'),
      base64: true,
      headers: { 'content-encoding': 'gzip' },
    };
    await boot(routes);
    const result = await discoveryService(t.app.ctx, { client: quickClient() }).runCycle();
    expect(result).toMatchObject({ error: null });
    const delta8k = await t.database.query<{ status: string; error: string | null; attempts: number }>(
      "select status, error, attempts from edgar_filings where accession = '0001000004-26-000031'",
    );
    expect(delta8k.rows[0]).toMatchObject({ status: 'queued', attempts: 1 });
    expect(delta8k.rows[0].error).toBeTruthy();
    const proposals = await t.database.query("select 1 from discovery_proposals where accession = '0001000004-26-000031'");
    expect(proposals.rows).toHaveLength(0);
  });
});
