import { filingFolderUrl, filingIndexUrl, parseFilingIndex, type FilingIndex, type IndexDocument } from '../../adapters/edgar';
import { listingExchange } from './exchange-rules';
import { documentText, type ReaderDeps } from './filing-document';
import { proposeFiling } from './propose-filing';
import { discoveryRepo, type FilingRow } from './repo';
import { classifyFiling } from './rules';
import { watchDeficiency } from './watch-deficiency';

/** Documents worth reading in a filing: the primary document and every EX-99 exhibit, never a PDF (no text to read). */
const wanted = (d: { type: string; filename: string }, form: string) =>
  (d.type === form || /^EX-99/i.test(d.type)) && !/\.pdf$/i.test(d.filename);

/** The documents read of a filing: the index's primary document and EX-99 exhibits, and the one the search matched. */
export function documentsToRead(
  index: FilingIndex,
  filing: Pick<FilingRow, 'form' | 'primaryDoc' | 'cik' | 'accession'>,
  archives: string,
): IndexDocument[] {
  const docs = index.documents.filter((d) => wanted(d, filing.form));
  if (filing.primaryDoc && !docs.some((d) => d.filename === filing.primaryDoc))
    docs.unshift({
      filename: filing.primaryDoc,
      type: filing.form,
      description: '',
      url: `${filingFolderUrl(archives, filing.cik, filing.accession)}/${filing.primaryDoc}`,
    });
  return docs;
}

/** Fetches a filing's index, primary document and EX-99 exhibits (each once), classifies, proposes or watches. */
export async function processFiling(deps: ReaderDeps, input: { filing: FilingRow }): Promise<'proposed' | 'watched' | 'skipped'> {
  const { ctx } = deps;
  const { filing } = input;
  const archives = ctx.config.EDGAR_ARCHIVES_URL.replace(/\/+$/, '');
  const indexHtml = await documentText(deps, filing, {
    filename: `${filing.accession}-index.htm`,
    type: 'index',
    url: filingIndexUrl(archives, filing.cik, filing.accession),
  });
  const index = parseFilingIndex(indexHtml, archives);
  const docs = documentsToRead(index, filing, archives);
  const texts: string[] = [];
  for (const d of docs) texts.push(await documentText(deps, filing, d));
  const text = texts.join('\n\n');
  const c = classifyFiling(text, {
    form: filing.form,
    displayNames: filing.displayNames,
    fileDate: filing.fileDate,
  });
  const acceptedAt = index.acceptedAt ? new Date(index.acceptedAt) : null;
  if (!c.isReverseSplit || c.listingDeficiencyOnly) {
    // A bid-price notice is the earliest sign of a split: it goes on the watchlist.
    if (await watchDeficiency(ctx, { filing, text, ticker: c.ticker, acceptedAt })) return 'watched';
    await discoveryRepo(ctx.database.db).markFiling(filing.accession, {
      status: 'skipped',
      error: c.listingDeficiencyOnly ? 'a listing-deficiency notice only' : 'no reverse split described',
      acceptedAt,
      processedAt: ctx.clock(),
    });
    return 'skipped';
  }
  await proposeFiling(ctx, { filing, c, acceptedAt, exchange: listingExchange(text) });
  return 'proposed';
}
