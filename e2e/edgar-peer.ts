// The local EDGAR peer for the browser journeys (apps/server/test/edgar/peer.ts): the recorded
// responses, with the full-text search answering any date window (the journeys run on today's date).
import { defaultRoutes, startEdgarPeer, type Route } from '../apps/server/test/edgar/peer';

const search = (r: Route) => r.path === '/LATEST/search-index';
const routes: Route[] = defaultRoutes()
  .filter((r) => !search(r) || (r.query?.startdt === '2026-11-17' && r.query?.enddt === '2026-11-20'))
  .map((r) =>
    search(r) && r.query?.q === '"share consolidation"'
      ? { ...r, query: { q: r.query.q }, file: 'search-empty.json.gz' }
      : search(r)
        ? { ...r, query: { q: r.query!.q } }
        : r,
  );
const peer = await startEdgarPeer(routes);
console.log(`EDGAR_PEER ${peer.base}`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => void peer.close().then(() => process.exit(0)));
