import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { edgarClient, edgarHttp } from '../../adapters/edgar';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startEdgarPeer, type EdgarPeer, type Route } from '../../../test/edgar/peer';
import { WHOLE, wholeText } from './classifier/whole';
import { SEARCH_FORMS, SEARCH_PHRASES } from './lifecycle-rules';
import { fixturesOf, recordChain, recordingHttp, type Recorded } from './record-chain';
import { discoveryService } from './service';

/**
 * The recorder and the replay on a real filing's bytes. SEC is not reachable from the build machine,
 * so no real chain has been recorded from SEC itself: the document here is real (180 Degree Capital's
 * 2020 proxy, accession 0000893739-20-000019, its primary document exactly as the recorded submission
 * in classifier/fixtures/whole holds it), while the search answer, the 8-K feed and the index page
 * around it are written here in EDGAR's wire formats. The recorder reads that chain from a peer, a
 * fresh peer serves only the recording, and the poller proposes the split the proxy asks for.
 */
const UA = 'RoundUp discovery-tests@example.com';
const DOC = WHOLE.find((d) => d.file.startsWith('180degree-def14a'))!;
const ACC = DOC.accession!;
const CIK = '893739';
const FOLDER = `/Archives/edgar/data/${CIK}/${ACC.replace(/-/g, '')}`;
const PRIMARY = 'annualmeetingproxy2020-doc.htm';
const WINDOW = { from: '2020-03-23', to: '2020-03-26' };

let source: EdgarPeer | undefined;
let replay: EdgarPeer | undefined;
let t: TestApp | undefined;
let dir: string | undefined;
afterEach(async () => {
  await t?.close();
  await source?.close();
  await replay?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const http = () => edgarHttp({ userAgent: UA, maxRps: 200, maxBytes: 5_000_000, retries: 1, minBackoffMs: 10 });
const client = (p: EdgarPeer, h = http()) => edgarClient({ searchUrl: p.searchUrl, archivesUrl: p.base }, h);

function searchAnswer(hits: object[]) {
  return JSON.stringify({
    took: 12,
    timed_out: false,
    hits: { total: { value: hits.length, relation: 'eq' }, max_score: hits.length ? 9.1 : null, hits },
  });
}

/** The chain around the real document, in EDGAR's formats. */
function sourceRoutes(): Route[] {
  const hit = {
    _index: 'edgar_file',
    _id: `${ACC}:${PRIMARY}`,
    _score: 9.1,
    _source: {
      ciks: [CIK.padStart(10, '0')],
      display_names: [`180 DEGREE CAPITAL CORP. /NY/  (TURN)  (CIK ${CIK.padStart(10, '0')})`],
      root_forms: ['DEF 14A'],
      file_date: DOC.fileDate,
      form: 'DEF 14A',
      adsh: ACC,
      file_type: 'DEF 14A',
      sequence: 1,
    },
  };
  const index = `<html><head><title>EDGAR Filing Documents for ${ACC}</title></head><body>
<div class="formGrouping"><div class="infoHead">Filing Date</div><div class="info">${DOC.fileDate}</div>
<div class="infoHead">Accepted</div><div class="info">2020-03-25 16:05:11</div></div>
<table class="tableFile" summary="Document Format Files">
<tr><th scope="col">Seq</th><th scope="col">Description</th><th scope="col">Document</th><th scope="col">Type</th><th scope="col">Size</th></tr>
<tr><td scope="row">1</td><td scope="row">DEF 14A</td><td scope="row"><a href="${FOLDER}/${PRIMARY}">${PRIMARY}</a></td><td scope="row">DEF 14A</td><td scope="row">376185</td></tr>
</table></body></html>`;
  const query = (q: string) => ({
    q: `"${q}"`,
    forms: SEARCH_FORMS.join(','),
    dateRange: 'custom',
    startdt: WINDOW.from,
    enddt: WINDOW.to,
  });
  return [
    ...SEARCH_PHRASES.map((q) => ({
      path: '/LATEST/search-index',
      query: query(q),
      body: searchAnswer(q === 'reverse stock split' ? [hit] : []),
      contentType: 'application/json',
    })),
    {
      path: '/cgi-bin/browse-edgar',
      query: { action: 'getcurrent', type: '8-K' },
      body: '<?xml version="1.0" encoding="ISO-8859-1" ?><feed xmlns="http://www.w3.org/2005/Atom"><title>Latest Filings</title></feed>',
      contentType: 'application/atom+xml',
    },
    { path: `${FOLDER}/${ACC}-index.htm`, body: index, contentType: 'text/html' },
    { path: `${FOLDER}/${PRIMARY}`, body: wholeText(DOC), contentType: 'text/html' },
  ];
}

describe('a chain recorded around a real filing', () => {
  it('records the real proxy from a peer, and the replay proposes its split', async () => {
    source = await startEdgarPeer(sourceRoutes(), dir);
    const recorded: Recorded[] = [];
    const { filings } = await recordChain(
      { edgar: client(source, recordingHttp(http(), recorded)), log: { warn: () => undefined }, archivesUrl: source.base },
      { target: ACC, window: WINDOW },
    );
    expect(filings.map((f) => f.accession)).toEqual([ACC]);
    const primary = recorded.find((r) => r.url.endsWith(PRIMARY))!;
    expect(primary.body.toString('utf8')).toBe(wholeText(DOC));

    dir = mkdtempSync(path.join(tmpdir(), 'edgar-real-'));
    const { files, routes } = fixturesOf(recorded);
    const manifest: Record<string, string> = {};
    for (const [name, body] of files) {
      const gz = gzipSync(body);
      writeFileSync(path.join(dir, name), gz);
      manifest[name] = createHash('sha256').update(gz).digest('hex');
    }
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    replay = await startEdgarPeer(routes as Route[], dir);

    // Thursday, March 26, 2020, 10:00 New York: the window's last day.
    t = await createTestApp({
      clock: () => new Date('2020-03-26T14:00:00Z'),
      config: { SEC_USER_AGENT: UA, EDGAR_SEARCH_URL: replay.searchUrl, EDGAR_ARCHIVES_URL: replay.base },
    });
    const result = await discoveryService(t.app.ctx, { client: client(replay) }).runCycle();
    expect(result?.proposals).toBe(1);
    const { rows } = await t.database.query(
      `select company, status, stage, ratio, ratio_exact, ratio_min, ratio_max, rounding, historical from discovery_proposals where accession = $1`,
      [ACC],
    );
    // The proxy asks for a split between 1-for-2 and 1-for-4, cash in lieu of fractions: a range, no ratio yet.
    expect(rows).toEqual([
      {
        company: expect.stringMatching(/180 DEGREE CAPITAL/i),
        status: 'open',
        stage: 'proposed',
        ratio: null,
        ratio_exact: null,
        ratio_min: 2,
        ratio_max: 4,
        rounding: 'CASH_IN_LIEU',
        historical: false,
      },
    ]);
  }, 60_000);
});
