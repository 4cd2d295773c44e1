import type { AppContext } from '../../context';
import type { EdgarClient, SearchHit, SearchPage } from '../../adapters/edgar';
import { FEED_FORMS, FEED_ITEMS, halve, SEARCH_FORMS, SEARCH_MAX_HITS, SEARCH_PAGE, SEARCH_PHRASES } from './lifecycle-rules';
import { discoveryRepo, type Candidate } from './repo';
import { errorText } from './view';

/**
 * The document a search hit names, when it is one the reader takes anyway (the filing's own
 * document or an EX-99 exhibit, by the hit's file_type); otherwise the filing index decides.
 */
const searchDocument = (h: SearchHit) =>
  h.filename && (h.fileType === '' || h.fileType === h.form || /^EX-99/i.test(h.fileType)) ? h.filename : null;

/** Finding filings: full-text search over a window (narrowed while inexact) and the current-filings feed. */
export function filingFinder(ctx: AppContext, edgar: () => EdgarClient) {
  const repo = discoveryRepo(ctx.database.db);

  /** A hit SEC cannot place is logged with its _id and left out; the rest of the page goes on. */
  function skipping(q: string, page: SearchPage): SearchPage {
    for (const s of page.skipped)
      ctx.log.warn({ q, id: s.id, missing: s.reason }, 'EDGAR search: a hit without its filing facts skipped');
    return page;
  }

  /** Every hit of one phrase in a window, narrowing the window while the total is a lower bound. */
  async function searchAll(q: string, w: { from: string; to: string }): Promise<SearchHit[]> {
    const first = skipping(q, await edgar().search({ q, forms: SEARCH_FORMS, startdt: w.from, enddt: w.to }));
    if (!first.exact || first.total > SEARCH_MAX_HITS) {
      const halves = halve(w);
      if (halves) return [...(await searchAll(q, halves[0])), ...(await searchAll(q, halves[1]))];
      ctx.log.warn({ q, window: w, total: first.total }, 'EDGAR search: a one-day window has more hits than one query returns');
    }
    const hits = [...first.hits];
    for (let from = SEARCH_PAGE; from < Math.min(first.total, SEARCH_MAX_HITS); from += SEARCH_PAGE) {
      const page = skipping(q, await edgar().search({ q, forms: SEARCH_FORMS, startdt: w.from, enddt: w.to, from }));
      if (page.hits.length === 0) break;
      hits.push(...page.hits);
    }
    return hits;
  }

  /**
   * Queues the filings the full-text search and the current-filings feed name. Each source fails
   * on its own (logged and returned): a broken search does not stop the feed, nor the queue.
   */
  async function find(window: { from: string; to: string }): Promise<{ found: number; searched: boolean; errors: string[] }> {
    const byAccession = new Map<string, Candidate>();
    const errors: string[] = [];
    let searched = true;
    try {
      for (const q of SEARCH_PHRASES) {
        for (const h of await searchAll(q, window)) {
          if (byAccession.has(h.accession)) continue;
          byAccession.set(h.accession, {
            accession: h.accession,
            cik: h.cik.replace(/^0+/, '') || '0',
            company: h.company,
            form: h.form,
            fileDate: h.fileDate,
            primaryDoc: searchDocument(h),
            displayNames: h.displayNames,
            foundBy: 'search',
          });
        }
      }
    } catch (err) {
      searched = false;
      errors.push(`search: ${errorText(err)}`);
      ctx.log.warn({ err: errorText(err), window }, 'EDGAR full-text search failed; the feed and the queue go on');
    }
    try {
      for (const form of FEED_FORMS) {
        for (const e of await edgar().currentFeed(form)) {
          if (byAccession.has(e.accession) || !e.items.some((i) => (FEED_ITEMS as readonly string[]).includes(i))) continue;
          byAccession.set(e.accession, {
            accession: e.accession,
            cik: e.cik.replace(/^0+/, '') || '0',
            company: e.company,
            form: e.form,
            fileDate: e.fileDate,
            primaryDoc: null,
            displayNames: [],
            foundBy: 'feed',
          });
        }
      }
    } catch (err) {
      errors.push(`feed: ${errorText(err)}`);
      ctx.log.warn({ err: errorText(err) }, 'EDGAR current-filings feed failed');
    }
    return { found: await repo.addCandidates([...byAccession.values()], ctx.clock()), searched, errors };
  }

  return find;
}
