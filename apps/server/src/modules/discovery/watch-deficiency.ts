import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { filingIndexUrl } from '../../adapters/edgar';
import { pipelineWrites } from '../splits/queries';
import { readDeficiency } from './classifier/deficiency';
import { discoveryRepo, type FilingRow } from './repo';

/**
 * The deficiency watchlist (docs/discovery.md): an 8-K whose Item 3.01 reports a minimum-bid-price
 * notice puts its issuer in the pipeline at stage `deficiency`, with the notice's rule, date,
 * compliance deadline, the deciding sentence and the filing link, in one transaction with the
 * filing's state. An issuer already further on keeps its stage. Pro only, masked for Starter like
 * every pipeline entry. Answers whether the filing was such a notice.
 */
export async function watchDeficiency(
  ctx: Pick<AppContext, 'database' | 'clock' | 'config'>,
  input: { filing: FilingRow; text: string; ticker: string | null; acceptedAt: Date | null },
): Promise<boolean> {
  const { filing } = input;
  if (!/^8-K/i.test(filing.form)) return false;
  const notice = readDeficiency(input.text, { fileDate: filing.fileDate });
  if (!notice) return false;
  const archives = ctx.config.EDGAR_ARCHIVES_URL.replace(/\/+$/, '');
  await ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await pipelineWrites(tx).recordDeficiency({
      cik: filing.cik,
      name: filing.company,
      ticker: input.ticker,
      exchange: notice.exchange,
      rsType: 'Unconfirmed',
      participant: false,
      filingUrl: filingIndexUrl(archives, filing.cik, filing.accession),
      acceptedAt: input.acceptedAt,
      evidence: notice.sentence,
      noticeDate: notice.noticeDate,
      complianceDeadline: notice.deadline,
      deficiencyRule: notice.rule,
    });
    await discoveryRepo(tx).markFiling(filing.accession, {
      status: 'done',
      error: null,
      acceptedAt: input.acceptedAt,
      processedAt: ctx.clock(),
    });
  });
  return true;
}
