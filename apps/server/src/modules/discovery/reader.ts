import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { EdgarHttpError, filingFolderUrl, filingIndexUrl, parseFilingIndex, type EdgarClient } from '../../adapters/edgar';
import { edgarFilings } from '../../lib/metrics';
import { changedFacts, continuedEvent, CYCLE_LEASE_MS, mergedFacts, retryDelayMs, type EventFacts } from './lifecycle-rules';
import { discoveryRepo, type FilingRow, type ProposalRow } from './repo';
import { classifyFiling, type Classification } from './rules';
import { listingExchange } from './exchange-rules';
import { errorText } from './view';
import type { DiscoveryStatus, Exchange } from '@roundup/shared';

/** A filing being fetched is leased this long (a crash frees it for the next cycle). */
const FILING_LEASE_MS = 5 * 60_000;
const BATCH = 10;

/** Documents worth reading in a filing: the primary document and every EX-99 exhibit. */
const wanted = (type: string, form: string) => type === form || /^EX-99/i.test(type);

/**
 * Reading the queue: each filing's index, primary document and EX-99 exhibits (each fetched once,
 * stored gzipped with its SHA-256), classified, and proposed or skipped with the filing's state in
 * the same transaction.
 */
export function filingReader(ctx: AppContext, edgar: () => EdgarClient) {
  const { config } = ctx;
  const repo = discoveryRepo(ctx.database.db);

  /** A document's text, from the store or fetched once and stored gzipped with its SHA-256. */
  async function documentText(filing: FilingRow, doc: { filename: string; type: string; url: string }): Promise<string> {
    const stored = await repo.document(filing.accession, doc.filename);
    if (stored) {
      const body = gunzipSync(stored.bodyGz);
      if (createHash('sha256').update(body).digest('hex') !== stored.sha256)
        throw new Error(`stored ${doc.filename} does not match its SHA-256`);
      return body.toString('utf8');
    }
    const body = await edgar().document(doc.url);
    await repo.saveDocument({
      accession: filing.accession,
      filename: doc.filename,
      type: doc.type,
      url: doc.url,
      sha256: createHash('sha256').update(body).digest('hex'),
      bytes: body.length,
      bodyGz: gzipSync(body),
      fetchedAt: ctx.clock(),
    });
    // Invalid UTF-8 becomes U+FFFD: the classifier reads what it can.
    return body.toString('utf8');
  }

  /** Fetches a filing's index, primary document and EX-99 exhibits (each once), classifies, proposes. */
  async function processFiling(filing: FilingRow): Promise<'proposed' | 'skipped'> {
    const archives = config.EDGAR_ARCHIVES_URL.replace(/\/+$/, '');
    const indexHtml = await documentText(filing, {
      filename: `${filing.accession}-index.htm`,
      type: 'index',
      url: filingIndexUrl(archives, filing.cik, filing.accession),
    });
    const index = parseFilingIndex(indexHtml, archives);
    const docs = index.documents.filter((d) => wanted(d.type, filing.form));
    if (filing.primaryDoc && !docs.some((d) => d.filename === filing.primaryDoc))
      docs.unshift({
        filename: filing.primaryDoc,
        type: filing.form,
        description: '',
        url: `${filingFolderUrl(archives, filing.cik, filing.accession)}/${filing.primaryDoc}`,
      });
    const texts: string[] = [];
    for (const d of docs) texts.push(await documentText(filing, d));
    const text = texts.join('\n\n');
    const c = classifyFiling(text, {
      form: filing.form,
      displayNames: filing.displayNames,
      fileDate: filing.fileDate,
    });
    const acceptedAt = index.acceptedAt ? new Date(index.acceptedAt) : null;
    if (!c.isReverseSplit || c.listingDeficiencyOnly) {
      await repo.markFiling(filing.accession, {
        status: 'skipped',
        error: c.listingDeficiencyOnly ? 'a listing-deficiency notice only' : 'no reverse split described',
        acceptedAt,
        processedAt: ctx.clock(),
      });
      return 'skipped';
    }
    await propose(filing, c, acceptedAt, listingExchange(text));
    return 'proposed';
  }

  /** Records the proposal, superseding the open one of the same event, in one transaction with the filing's state. */
  async function propose(filing: FilingRow, c: Classification, acceptedAt: Date | null, exchange: Exchange | null) {
    await ctx.database.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const r = discoveryRepo(tx);
      const next: EventFacts = {
        cik: filing.cik,
        form: filing.form,
        ticker: c.ticker,
        ratio: c.ratio,
        ratioMin: c.ratioRange?.min ?? null,
        ratioMax: c.ratioRange?.max ?? null,
        marketDate: c.marketDate,
        buyBy: c.buyBy,
        rounding: c.rounding,
        fileDate: filing.fileDate,
        stage: c.stage,
      };
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
        evidence: c.evidence ? { sentence: c.evidence.sentence, before: c.evidence.before, after: c.evidence.after } : null,
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

  async function processQueued(slot: string | null): Promise<{ processed: number; proposals: number }> {
    let processed = 0;
    let proposals = 0;
    for (;;) {
      const batch = await repo.claimFilings(ctx.clock(), BATCH, FILING_LEASE_MS);
      if (batch.length === 0) return { processed, proposals };
      for (const filing of batch) {
        try {
          const result = await processFiling(filing);
          edgarFilings.inc({ result });
          if (result === 'proposed') proposals += 1;
        } catch (err) {
          await failed(filing, err);
        }
        processed += 1;
      }
      if (slot) await repo.extendLease(slot, new Date(ctx.clock().getTime() + CYCLE_LEASE_MS));
    }
  }

  /** A fetch or parse failure: permanent ones (404, too large) skip the filing; others retry later, then give up. */
  async function failed(filing: FilingRow, err: unknown) {
    const message = errorText(err);
    const permanent = err instanceof EdgarHttpError && (err.status === 404 || /cap/.test(err.message));
    const delay = permanent ? null : retryDelayMs(filing.attempts);
    ctx.log.warn({ accession: filing.accession, attempts: filing.attempts, err: message }, 'EDGAR filing not processed');
    edgarFilings.inc({ result: delay === null ? (permanent ? 'skipped' : 'failed') : 'retry' });
    if (delay === null)
      await repo.markFiling(filing.accession, {
        status: permanent ? 'skipped' : 'failed',
        error: message,
        processedAt: ctx.clock(),
      });
    else
      await repo.markFiling(filing.accession, {
        status: 'queued',
        error: message,
        nextAttemptAt: new Date(ctx.clock().getTime() + delay),
      });
  }

  return { processQueued };
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
