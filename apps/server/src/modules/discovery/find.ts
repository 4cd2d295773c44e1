import type { AppContext } from '../../context';
import type { EdgarClient, SearchHit, SearchPage } from '../../adapters/edgar';
import { FEED_FORMS, FEED_ITEMS, halve, SEARCH_FORMS, SEARCH_MAX_HITS, SEARCH_PAGE, SEARCH_PHRASES } from './lifecycle-rules';
import { discoveryRepo, type Candidate } from './repo';
import { errorText } from './view';

/**
 * The document a search hit names, when it is one the reader takes anyway (the filing's own
 * document or an EX-99 exhibit, by the hit's file_type); otherwise the filing index decides.
 */
export const searchDocument = (h: SearchHit) =>
  h.filename && (h.fileType === '' || h.fileType === h.form || /^EX-99/i.test(h.fileType)) ? h.filename : null;

/** What the search logs to: the app's logger, or the recorder's stderr. */
export interface SearchLog {
  warn(obj: object, msg: string): void;
}

/** A hit SEC cannot place is logged with its _id and left out; the rest of the page goes on. */
function skipping(log: SearchLog, q: string, page: SearchPage): SearchPage {
  for (const s of page.skipped)
    log.warn({ q, id: s.id, missing: s.reason }, 'EDGAR search: a hit without its filing facts skipped');
  return page;
}

/**
 * Every hit of one phrase in a window, as the product asks: the window is narrowed while the total
 * is a lower bound, then paged. The recorder (`npm run edgar:record`) asks the same questions.
 */
export async function searchAll(
  edgar: EdgarClient,
  log: SearchLog,
  q: string,
  w: { from: string; to: string },
): Promise<SearchHit[]> {
  const first = skipping(log, q, await edgar.search({ q, forms: SEARCH_FORMS, startdt: w.from, enddt: w.to }));
  if (!first.exact || first.total > SEARCH_MAX_HITS) {
    const halves = halve(w);
    if (halves) return [...(await searchAll(edgar, log, q, halves[0])), ...(await searchAll(edgar, log, q, halves[1]))];
    log.warn({ q, window: w, total: first.total }, 'EDGAR search: a one-day window has more hits than one query returns');
  }
  const hits = [...first.hits];
  for (let from = SEARCH_PAGE; from < Math.min(first.total, SEARCH_MAX_HITS); from += SEARCH_PAGE) {
    const page = skipping(log, q, await edgar.search({ q, forms: SEARCH_FORMS, startdt: w.from, enddt: w.to, from }));
    if (page.hits.length === 0) break;
    hits.push(...page.hits);
  }
  return hits;
}

/** Finding filings: full-text search over a window (narrowed while inexact) and the current-filings feed. */
export function filingFinder(ctx: AppContext, edgar: () => EdgarClient) {
  const repo = discoveryRepo(ctx.database.db);

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
        for (const h of await searchAll(edgar(), ctx.log, q, window)) {
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
