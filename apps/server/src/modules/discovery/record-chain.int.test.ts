import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { edgarClient, edgarHttp } from '../../adapters/edgar';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { defaultRoutes, startEdgarPeer, type EdgarPeer, type Route } from '../../../test/edgar/peer';
import { fixturesOf, recordChain, recordingHttp, type Recorded } from './record-chain';
import { discoveryService } from './service';

/**
 * `npm run edgar:record` against the local EDGAR peer: it records the chain the poller reads (the
 * product's searches, the 8-K feed, the index page, each document), and a fresh peer serving only
 * that recording gives the poller the same proposal.
 */
const UA = 'RoundUp discovery-tests@example.com';
const ACME = '0001000001-26-000010';
let peer: EdgarPeer | undefined;
let replay: EdgarPeer | undefined;
let t: TestApp | undefined;
let dir: string | undefined;
afterEach(async () => {
  await t?.close();
  await peer?.close();
  await replay?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const client = (
  p: EdgarPeer,
  http = edgarHttp({ userAgent: UA, maxRps: 200, maxBytes: 1_000_000, retries: 2, minBackoffMs: 10 }),
) => edgarClient({ searchUrl: p.searchUrl, archivesUrl: p.base }, http);

describe('the recorder of a live chain', () => {
  it("records an accession's chain from the peer, and the replay proposes its split", async () => {
    peer = await startEdgarPeer();
    const recorded: Recorded[] = [];
    const http = recordingHttp(
      edgarHttp({ userAgent: UA, maxRps: 200, maxBytes: 1_000_000, retries: 2, minBackoffMs: 10 }),
      recorded,
    );
    const warned: string[] = [];
    const { filings } = await recordChain(
      { edgar: client(peer, http), log: { warn: (_o, msg) => void warned.push(msg) }, archivesUrl: peer.base },
      { target: ACME, window: { from: '2026-11-17', to: '2026-11-20' } },
    );
    expect(filings.map((f) => f.accession)).toEqual([ACME]);
    const paths = recorded.map((r) => new URL(r.url).pathname);
    // The product's own searches (each phrase, narrowed where the total is a lower bound), the 8-K feed, the index, each document.
    expect(paths.filter((p) => p === '/LATEST/search-index').length).toBeGreaterThanOrEqual(3);
    expect(paths).toContain('/cgi-bin/browse-edgar');
    expect(paths).toContain(`/Archives/edgar/data/1000001/000100000126000010/${ACME}-index.htm`);
    expect(paths).toContain('/Archives/edgar/data/1000001/000100000126000010/acmr-20261118.htm');
    expect(paths).toContain('/Archives/edgar/data/1000001/000100000126000010/ex99-1.htm');
    // Nothing of the other filings' documents: only the chosen filing is read.
    expect(paths.filter((p) => p.startsWith('/Archives/') && !p.includes('000100000126000010'))).toEqual([]);

    // Write the folder as the script does, and replay it on a fresh peer that knows nothing else.
    dir = mkdtempSync(path.join(tmpdir(), 'edgar-record-'));
    const { files, routes } = fixturesOf(recorded);
    const manifest: Record<string, string> = {};
    for (const [name, body] of files) {
      const gz = gzipSync(body);
      writeFileSync(path.join(dir, name), gz);
      manifest[name] = createHash('sha256').update(gz).digest('hex');
    }
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    writeFileSync(path.join(dir, 'routes.json'), JSON.stringify(routes));
    replay = await startEdgarPeer(defaultRoutes(dir) as Route[], dir);
    // Byte for byte: each recorded answer comes back the same.
    for (const r of recorded.slice(0, 5)) {
      const again = await client(replay).http.get(r.url.replace(peer.base, replay.base), r.accept);
      expect(again.equals(r.body), r.url).toBe(true);
    }

    t = await createTestApp({
      clock: () => new Date('2026-11-20T15:00:00Z'),
      config: { SEC_USER_AGENT: UA, EDGAR_SEARCH_URL: replay.searchUrl, EDGAR_ARCHIVES_URL: replay.base },
    });
    const result = await discoveryService(t.app.ctx, { client: client(replay) }).runCycle();
    expect(result?.proposals).toBeGreaterThanOrEqual(1);
    const { rows } = await t.database.query<{ ticker: string; ratio: number; rounding: string; market_date: string }>(
      'select ticker, ratio, rounding, market_date::text from discovery_proposals where accession = $1',
      [ACME],
    );
    expect(rows).toEqual([{ ticker: 'ACMR', ratio: 20, rounding: 'ROUND_UP', market_date: '2026-12-01' }]);
  });
});
