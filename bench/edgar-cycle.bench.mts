/**
 * Budget: a discovery cycle over 300 candidate filings stays within 10 requests per
 * second (SEC fair access) and finishes in ≤ 2 minutes against the local EDGAR peer.
 *
 * The peer serves one full-text search page set listing 300 8-Ks (3 pages of 100), each with an
 * index page and a primary document (half of them a round-up, half cash in lieu). The real app's
 * discovery service runs one cycle on an in-memory PGlite. Baseline in the same run: the same
 * number of requests sent back to back without the limiter, so the ratio shows what politeness costs.
 * Env: BENCH_FILINGS (default 300), BENCH_STRICT=1 to exit 1 over budget.
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { migrate, openDatabase } from '../apps/server/src/db/client';
import { testConfig } from '../apps/server/src/env';
import { discoveryService } from '../apps/server/src/modules/discovery/service';
import { startEdgarPeer, type Route } from '../apps/server/test/edgar/peer';

const N = Number(process.env.BENCH_FILINGS ?? 300);
const FORMS = '8-K,8-K/A,6-K,6-K/A,PRE 14A,DEF 14A,DEFA14A,PRE 14C,DEF 14C';
const pad = (n: number, w: number) => String(n).padStart(w, '0');
const filings = Array.from({ length: N }, (_, i) => {
  const cik = String(2_000_000 + i);
  const acc = `000${cik}-26-${pad(i, 6)}`;
  return { cik, acc, folder: `/Archives/edgar/data/${cik}/${acc.replace(/-/g, '')}`, ticker: `B${pad(i, 3)}`, up: i % 2 === 0 };
});
const hit = (f: (typeof filings)[number]) => ({
  _id: `${f.acc}:doc.htm`,
  _source: {
    ciks: [pad(Number(f.cik), 10)],
    display_names: [`Bench ${f.ticker} Inc  (${f.ticker})  (CIK ${pad(Number(f.cik), 10)})`],
    form: '8-K',
    file_date: '2026-11-19',
    adsh: f.acc,
  },
});
const page = (from: number) =>
  JSON.stringify({ hits: { total: { value: N, relation: 'eq' }, hits: filings.slice(from, from + 100).map(hit) } });
// Later pages first: a route matches on the query parameters it names, and the first page names no `from`.
const routes: Route[] = [];
for (let from = Math.floor((N - 1) / 100) * 100; from >= 0; from -= 100)
  routes.push({
    path: '/LATEST/search-index',
    query: { q: '"reverse stock split"', forms: FORMS, ...(from ? { from: String(from) } : {}) },
    body: page(from),
    contentType: 'application/json',
  });
routes.push({
  path: '/LATEST/search-index',
  body: JSON.stringify({ hits: { total: { value: 0, relation: 'eq' }, hits: [] } }),
  contentType: 'application/json',
});
routes.push({
  path: '/cgi-bin/browse-edgar',
  body: '<feed xmlns="http://www.w3.org/2005/Atom"></feed>',
  contentType: 'application/atom+xml',
});
for (const f of filings) {
  routes.push({
    path: `${f.folder}/${f.acc}-index.htm`,
    body: `<div class="infoHead">Accepted</div><div class="info">2026-11-19 16:00:00</div><table class="tableFile"><tr><th>Seq</th><th>Description</th><th>Document</th><th>Type</th><th>Size</th></tr><tr><td>1</td><td>8-K</td><td><a href="${f.folder}/doc.htm">doc.htm</a></td><td>8-K</td><td>1</td></tr></table>`,
  });
  routes.push({
    path: `${f.folder}/doc.htm`,
    body: `<html><body><p>Bench ${f.ticker} Inc will effect a 1-for-20 reverse stock split. The common stock will begin trading on a split-adjusted basis on December 1, 2026.</p><p>${
      f.up
        ? 'Fractional shares will be rounded up to the nearest whole share.'
        : 'Stockholders who would otherwise hold a fractional share will receive cash in lieu of it.'
    }</p></body></html>`.padEnd(20_000, ' '),
  });
}

const peer = await startEdgarPeer(routes);
const database = await openDatabase({ dataDir: 'memory://' });
await migrate(database);
const config = testConfig({
  SEC_USER_AGENT: 'RoundUp bench@example.com',
  EDGAR_SEARCH_URL: peer.searchUrl,
  EDGAR_ARCHIVES_URL: peer.base,
});
const app = await buildApp({ database, config, webDist: null, logger: false, clock: () => new Date('2026-11-20T15:00:00Z') });
await app.ready();

const t0 = performance.now();
const result = await discoveryService(app.ctx).runCycle();
const seconds = (performance.now() - t0) / 1000;
const sent = peer.log.length;
const times = peer.log.map((r) => r.at).sort((a, b) => a - b);
const perSecond = Math.max(...times.map((t) => times.filter((x) => x >= t && x < t + 1000).length));

// Baseline: the same requests, back to back, no limiter.
const b0 = performance.now();
const sample = peer.log.slice(0, Math.min(sent, 200));
for (const r of sample) await (await fetch(`${peer.base}${r.path}`)).arrayBuffer();
const baselinePerRequest = (performance.now() - b0) / sample.length;

console.log(`discovery cycle over ${N} filings: ${JSON.stringify(result)}`);
console.log(`  ${sent} requests in ${seconds.toFixed(1)} s (budget ≤ 120 s, ${seconds <= 120 ? 'within' : 'OVER'})`);
console.log(`  busiest second: ${perSecond} requests (limit 10, ${perSecond <= 10 ? 'within' : 'OVER'})`);
console.log(
  `  baseline: ${baselinePerRequest.toFixed(1)} ms a request unthrottled; the cycle spent ${((seconds * 1000) / sent).toFixed(1)} ms a request (ratio ${((seconds * 1000) / sent / baselinePerRequest).toFixed(0)}×: the fair-access spacing)`,
);
await app.close();
await database.close();
await peer.close();
if (process.env.BENCH_STRICT && (seconds > 120 || perSecond > 10)) process.exit(1);
