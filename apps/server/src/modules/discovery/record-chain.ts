import { createHash } from 'node:crypto';
import type { EdgarClient, EdgarHttp, SearchHit } from '../../adapters/edgar';
import { searchAll, searchDocument, type SearchLog } from './find';
import { FEED_FORMS, SEARCH_PHRASES } from './lifecycle-rules';
import { documentsToRead } from './process-filing';

/** One answer EDGAR gave, as it came. */
export interface Recorded {
  url: string;
  accept: string;
  body: Buffer;
}

/** An EdgarHttp that keeps every answer it hands on, so the chain can be replayed byte for byte. */
export function recordingHttp(http: EdgarHttp, out: Recorded[]): EdgarHttp {
  return {
    async get(url, accept = '*/*') {
      const body = await http.get(url, accept);
      out.push({ url, accept, body });
      return body;
    },
    get requests() {
      return http.requests;
    },
    close: () => http.close(),
  };
}

const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;

/**
 * `npm run edgar:record`: asks EDGAR what the poller asks — the product's full-text searches over
 * the window (narrowed and paged the same way), the 8-K current feed — then reads each chosen
 * filing's index page and every document the reader would read. Given an accession, that filing is
 * chosen; given a query, it is searched instead of the product's phrases and its filings are chosen.
 */
export async function recordChain(
  deps: { edgar: EdgarClient; log: SearchLog; archivesUrl: string },
  input: { target: string; window: { from: string; to: string }; maxFilings?: number },
): Promise<{ filings: SearchHit[] }> {
  const byAccession = ACCESSION.test(input.target);
  const phrases = byAccession ? SEARCH_PHRASES : [input.target];
  const hits: SearchHit[] = [];
  for (const q of phrases) hits.push(...(await searchAll(deps.edgar, deps.log, q, input.window)));
  for (const form of FEED_FORMS) await deps.edgar.currentFeed(form);
  const chosen = new Map<string, SearchHit>();
  for (const h of hits)
    if ((!byAccession || h.accession === input.target) && !chosen.has(h.accession)) chosen.set(h.accession, h);
  const filings = [...chosen.values()].slice(0, input.maxFilings ?? 20);
  const archives = deps.archivesUrl.replace(/\/+$/, '');
  for (const h of filings) {
    const index = await deps.edgar.filingIndex(h.cik, h.accession);
    const filing = { form: h.form, primaryDoc: searchDocument(h), cik: h.cik.replace(/^0+/, '') || '0', accession: h.accession };
    for (const d of documentsToRead(index, filing, archives)) await deps.edgar.document(d.url);
  }
  return { filings };
}

/** A route of the local EDGAR peer (test/edgar/peer.ts): a path, the query it answers, the file. */
export interface RecordedRoute {
  path: string;
  query?: Record<string, string>;
  file: string;
  contentType: string;
}

/** The recorded answers as peer fixtures: one file per distinct answer, named by its path and a hash of its URL. */
export function fixturesOf(recorded: readonly Recorded[]): { files: Map<string, Buffer>; routes: RecordedRoute[] } {
  const files = new Map<string, Buffer>();
  const routes: RecordedRoute[] = [];
  for (const r of recorded) {
    const url = new URL(r.url);
    const base = url.pathname.split('/').filter(Boolean).pop() ?? 'root';
    const file = `${base.replace(/[^\w.-]+/g, '_')}-${createHash('sha256').update(r.url).digest('hex').slice(0, 8)}.gz`;
    if (files.has(file)) continue;
    files.set(file, r.body);
    const query = Object.fromEntries(url.searchParams);
    routes.push({
      path: url.pathname,
      ...(Object.keys(query).length ? { query } : {}),
      file,
      contentType: r.accept === '*/*' ? 'text/html' : r.accept,
    });
  }
  // The peer answers with the first route that matches; a page's route (with `from`) must come before the first page's.
  routes.sort((a, b) => Object.keys(b.query ?? {}).length - Object.keys(a.query ?? {}).length);
  return { files, routes };
}
