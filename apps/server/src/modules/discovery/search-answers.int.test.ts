import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { edgarClient, edgarHttp } from '../../adapters/edgar';
import { call, createTestApp, type TestApp } from '../../../test/helpers';
import { member } from '../../../test/factories';

import { defaultRoutes, FIXTURES, startEdgarPeer, type EdgarPeer } from '../../../test/edgar/peer';
import { discoveryService } from './service';

/**
 * A real full-text-search answer (recorded by edgarWebR's tests; test/fixtures/edgar-real/sources.json)
 * whose hits include one SEC cannot place: "_id":"undefined:f68556a2scto-ta.txt" with empty ciks,
 * a null file_date and a null root_form, and an exhibit that is a PDF. The page must still count.
 */
const REAL = path.join(FIXTURES, '..', 'edgar-real');
function realFixture(file: string): string {
  const sources = JSON.parse(readFileSync(path.join(REAL, 'sources.json'), 'utf8')) as Record<string, { sha256: string }>;
  const body = readFileSync(path.join(REAL, file));
  expect(createHash('sha256').update(body).digest('hex'), `${file} is the recorded answer`).toBe(sources[file].sha256);
  return body.toString('utf8');
}

const UA = 'RoundUp discovery-tests@example.com';
const EMPTY = JSON.stringify({ hits: { total: { value: 0, relation: 'eq' }, hits: [] } });
const EMPTY_FEED =
  '<?xml version="1.0" encoding="ISO-8859-1" ?><feed xmlns="http://www.w3.org/2005/Atom"><title>Latest Filings</title></feed>';

let peer: EdgarPeer;
let t: TestApp;
afterEach(async () => {
  await t?.close();
  await peer?.close();
});

describe('discovery reads the search answers SEC really serves', () => {
  it('a page with a malformed hit still queues its good hits, skips and logs the bad one, and advances the window', async () => {
    const answer = realFixture('recorded/search-index-1c3188.json');
    const q = (phrase: string) => ({ q: `"${phrase}"` });
    peer = await startEdgarPeer([
      // A window narrowed to one day still reports "gte": the second page is empty, so paging stops.
      {
        path: '/LATEST/search-index',
        query: { ...q('reverse stock split'), from: '100' },
        body: EMPTY,
        contentType: 'application/json',
      },
      { path: '/LATEST/search-index', query: q('reverse stock split'), body: answer, contentType: 'application/json' },
      { path: '/LATEST/search-index', body: EMPTY, contentType: 'application/json' },
      { path: '/cgi-bin/browse-edgar', body: EMPTY_FEED, contentType: 'application/atom+xml' },
    ]);
    let logged = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        logged += chunk.toString();
        done();
      },
    });
    t = await createTestApp({
      clock: () => new Date('2026-11-20T15:00:00Z'),
      logger: { level: 'warn', stream: sink },
      config: { SEC_USER_AGENT: UA, EDGAR_SEARCH_URL: peer.searchUrl, EDGAR_ARCHIVES_URL: peer.base },
    });
    const client = edgarClient(
      { searchUrl: peer.searchUrl, archivesUrl: peer.base },
      edgarHttp({ userAgent: UA, maxRps: 200, maxBytes: 1_000_000, retries: 0, minBackoffMs: 10 }),
    );
    const discovery = discoveryService(t.app.ctx, { client });
    const result = await discovery.runCycle();
    // 99 of the 100 hits name a filing (88 filings); the unplaceable one is left out, and the search did not fail.
    expect(result).toMatchObject({ found: 88 });
    expect(result?.error ?? '').not.toMatch(/search/);
    expect(logged).toContain('undefined:f68556a2scto-ta.txt');
    const filings = await t.database.query<{ accession: string; form: string; primary_doc: string | null }>(
      'select accession, form, primary_doc from edgar_filings order by accession',
    );
    expect(filings.rows).toHaveLength(88);
    // The Intergraph 8-K's matched exhibit is a PDF: its filing index decides what is read, never the .pdf.
    expect(filings.rows.find((r) => r.accession === '0000351145-04-000009')).toMatchObject({ form: '8-K', primary_doc: null });
    expect(filings.rows.every((r) => !/\.pdf$/i.test(r.primary_doc ?? ''))).toBe(true);
    // The window moved on: the next cycle searches from here.
    const run = await t.database.query<{ searched_to: string | null }>('select searched_to::text from discovery_runs');
    expect(run.rows[0].searched_to).toBe('2026-11-20');
  });
});

describe('a filing that contradicts itself about its own fractional shares', () => {
  it('is proposed Unconfirmed, and the review shows both sentences', async () => {
    const doc = `<html><body>
<p>Item 5.03. On November 18, 2026, Acme Robotics, Inc. filed a Certificate of Amendment to effect a 1-for-20 reverse stock split
(the "Reverse Stock Split") of its common stock, effective as of 12:01 a.m. Eastern Time on December 1, 2026.</p>
<p>No fractional shares will be issued in connection with the Reverse Stock Split. Stockholders who would otherwise be entitled to a
fractional share will instead have their fractional share rounded up to the nearest whole share.</p>
<p>Any fractional share resulting from the Reverse Stock Split will be rounded down to the nearest whole share, and no cash will be paid.</p>
</body></html>`;
    const routes = defaultRoutes().map((r) => (r.path.endsWith('/acmr-20261118.htm') ? { path: r.path, body: doc } : r));
    peer = await startEdgarPeer(routes);
    t = await createTestApp({
      clock: () => new Date('2026-11-20T15:00:00Z'),
      config: { SEC_USER_AGENT: UA, EDGAR_SEARCH_URL: peer.searchUrl, EDGAR_ARCHIVES_URL: peer.base },
    });
    const admin = await member(t.app, 'Admin');
    const client = edgarClient(
      { searchUrl: peer.searchUrl, archivesUrl: peer.base },
      edgarHttp({ userAgent: UA, maxRps: 200, maxBytes: 1_000_000, retries: 2, minBackoffMs: 10 }),
    );
    await discoveryService(t.app.ctx, { client }).runCycle();
    const proposals = [];
    for (const status of ['open', 'superseded']) {
      const res = await call(t.app, 'GET', `/api/admin/discoveries?status=${status}`, { token: admin.token });
      expect(res.status).toBe(200);
      proposals.push(...(res.body.data.proposals as { accession: string; rounding: string; evidence: unknown }[]));
    }
    expect(proposals.find((p) => p.accession === '0001000001-26-000010')).toMatchObject({
      rounding: 'UNSPECIFIED',
      evidence: {
        sentence:
          'Stockholders who would otherwise be entitled to a fractional share will instead have their fractional share rounded up to the nearest whole share.',
        conflict:
          'Any fractional share resulting from the Reverse Stock Split will be rounded down to the nearest whole share, and no cash will be paid.',
      },
    });
  });
});
