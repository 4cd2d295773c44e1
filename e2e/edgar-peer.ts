// The local EDGAR peer for the browser journeys (apps/server/test/edgar/peer.ts): the recorded
// responses, with the full-text search answering any date window (the journeys run on today's date).
import { defaultRoutes, startEdgarPeer, type Route } from '../apps/server/test/edgar/peer';

const search = (r: Route) => r.path === '/LATEST/search-index';

// A proxy statement with no date yet: the pipeline journey publishes it. Served only here,
// as the answer to the "share consolidation" search, so the recorded fixtures and their tests stay as they are.
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
const PROXY = { cik: '0001000005', adsh: '0001000005-26-000041', doc: 'epsx-def14a.htm' };
const proxyDir = `/Archives/edgar/data/1000005/${PROXY.adsh.replace(/-/g, '')}`;
const proxySearch = JSON.stringify({
  took: 3,
  timed_out: false,
  hits: {
    total: { value: 1, relation: 'eq' },
    hits: [
      {
        _index: 'edgar_file',
        _id: `${PROXY.adsh}:${PROXY.doc}`,
        _source: {
          ciks: [PROXY.cik],
          display_names: [`Epsilon Therapeutics Inc  (EPSX)  (CIK ${PROXY.cik})`],
          root_forms: ['DEF 14A'],
          form: 'DEF 14A',
          file_type: 'DEF 14A',
          file_date: today,
          adsh: PROXY.adsh,
        },
      },
    ],
  },
});
const proxyIndex = `<html><head><title>EDGAR Filing Documents for ${PROXY.adsh}</title></head><body>
<div class="infoHead">Filing Date</div><div class="info">${today}</div>
<div class="infoHead">Accepted</div><div class="info">${today} 08:05:12</div>
<table class="tableFile" summary="Document Format Files">
<tr><th>Seq</th><th>Description</th><th>Document</th><th>Type</th><th>Size</th></tr>
<tr><td>1</td><td>DEF 14A</td><td><a href="${proxyDir}/${PROXY.doc}">${PROXY.doc}</a></td><td>DEF 14A</td><td>20211</td></tr>
</table></body></html>`;
const proxyDoc = `<html><head><title>DEF 14A</title></head><body>
<p><b>Epsilon Therapeutics Inc</b></p>
<table><tr><td>Common Stock</td><td>EPSX</td><td>The Nasdaq Stock Market LLC</td></tr></table>
<p>PROPOSAL 2: To approve an amendment to our Certificate of Incorporation to effect a reverse stock split of our common stock at a ratio of not less than 1-for-5 and not more than 1-for-40, with the exact ratio to be determined by the Board of Directors (the &#8220;Reverse Stock Split&#8221;).</p>
<p>No fractional shares will be issued in connection with the Reverse Stock Split. Any fractional share that a stockholder would otherwise be entitled to receive will be rounded up to the next whole share.</p>
</body></html>`;
const proxyRoutes: Route[] = [
  { path: `${proxyDir}/${PROXY.adsh}-index.htm`, body: proxyIndex, contentType: 'text/html' },
  { path: `${proxyDir}/${PROXY.doc}`, body: proxyDoc, contentType: 'text/html' },
];

const routes: Route[] = defaultRoutes()
  .filter((r) => !search(r) || (r.query?.startdt === '2026-11-17' && r.query?.enddt === '2026-11-20'))
  .map((r) =>
    search(r) && r.query?.q === '"share consolidation"'
      ? { path: r.path, query: { q: r.query.q }, body: proxySearch, contentType: 'application/json' }
      : search(r)
        ? { ...r, query: { q: r.query!.q } }
        : r,
  );
const peer = await startEdgarPeer([...routes, ...proxyRoutes]);
console.log(`EDGAR_PEER ${peer.base}`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => void peer.close().then(() => process.exit(0)));
