import type { DiscoveryStatus, Exchange } from '@roundup/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { changedFacts, continuedEvent, mergedFacts, type EventFacts } from './lifecycle-rules';
import { storedRatio } from './ratio-rules';
import { discoveryRepo, type FilingRow, type ProposalRow } from './repo';
import type { Classification } from './rules';

/** Records the proposal, superseding the open one of the same event, in one transaction with the filing's state. */
export async function proposeFiling(
  ctx: Pick<AppContext, 'database' | 'clock'>,
  input: { filing: FilingRow; c: Classification; acceptedAt: Date | null; exchange: Exchange | null },
): Promise<void> {
  const { filing, c, acceptedAt, exchange } = input;
  await ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const r = discoveryRepo(tx);
    const next = eventFacts(filing, c);
    const prior = await r.recentForIssuer(filing.cik);
    const previous = c.historical
      ? null
      : continuedEvent(
          next,
          prior.map((p) => ({ ...toFacts(p), id: p.id, status: p.status as DiscoveryStatus, historical: p.historical })),
        );
    const prevRow = previous ? prior.find((p) => p.id === previous.id)! : null;
    const facts = prevRow ? mergedFacts(toFacts(prevRow), next) : next;
    const inserted = await r.insertProposal({
      accession: filing.accession,
      cik: filing.cik,
      company: filing.company,
      form: filing.form,
      fileDate: filing.fileDate,
      status: c.historical ? 'historical' : 'open',
      ticker: facts.ticker,
      // The listing the filing names; a later filing that names none keeps the earlier one's.
      exchange: exchange ?? prevRow?.exchange ?? null,
      ratio: facts.ratio,
      // Not whole (1-for-4.3): kept exactly for the review; a later filing that states no ratio keeps the earlier one's.
      ratioExact: storedRatio(c.ratio, c.ratioRange).ratioExact ?? (facts.ratio === null ? (prevRow?.ratioExact ?? null) : null),
      ratioMin: facts.ratioMin,
      ratioMax: facts.ratioMax,
      marketDate: facts.marketDate,
      effectiveDate: c.effectiveDate,
      buyBy: facts.buyBy,
      rounding: facts.rounding,
      stage: c.stage,
      historical: c.historical,
      holdersOfRecordOnly: c.holdersOfRecordOnly,
      confidence: c.confidence,
      evidence: c.evidence
        ? {
            sentence: c.evidence.sentence,
            before: c.evidence.before,
            after: c.evidence.after,
            ...(c.evidence.conflict ? { conflict: c.evidence.conflict } : {}),
          }
        : null,
      changes: prevRow ? changedFacts(toFacts(prevRow), next) : {},
      previousId: prevRow?.id ?? null,
      splitId: prevRow?.splitId ?? null,
      // The admins hear of each round-up event once: a later filing of an event they were told of is not news.
      notifiedAt: prevRow?.notifiedAt ?? null,
      createdAt: ctx.clock(),
    });
    if (inserted && prevRow?.status === 'open') await r.setProposal(prevRow.id, { status: 'superseded' });
    await r.markFiling(filing.accession, { status: 'done', error: null, acceptedAt, processedAt: ctx.clock() });
  });
}

/** The event a classified filing describes, as the lifecycle rules compare events. */
function eventFacts(filing: FilingRow, c: Classification): EventFacts {
  // The calendar's ratio is whole: a 1-for-4.3 is kept apart (ratioExact), never rounded into it.
  const r = storedRatio(c.ratio, c.ratioRange);
  return {
    cik: filing.cik,
    form: filing.form,
    ticker: c.ticker,
    ratio: r.ratio,
    ratioMin: r.ratioMin,
    ratioMax: r.ratioMax,
    marketDate: c.marketDate,
    buyBy: c.buyBy,
    rounding: c.rounding,
    fileDate: filing.fileDate,
    stage: c.stage,
  };
}

function toFacts(p: ProposalRow): EventFacts {
  return {
    cik: p.cik,
    form: p.form,
    ticker: p.ticker,
    ratio: p.ratio,
    ratioMin: p.ratioMin,
    ratioMax: p.ratioMax,
    marketDate: p.marketDate,
    buyBy: p.buyBy,
    rounding: p.rounding as EventFacts['rounding'],
    fileDate: p.fileDate,
    stage: p.stage,
  };
}
