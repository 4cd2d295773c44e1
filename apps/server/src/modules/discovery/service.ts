import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { TZDate } from '@date-fns/tz';
import {
  MARKET_TZ,
  rsTypeFor,
  proposedStatusFor,
  todayInMarket,
  type DiscoveryList,
  type DiscoveryStatus,
  type Proposal,
} from '@roundup/shared';
import type { AppContext } from '../../context';
import { edgarFilings, edgarPolls, edgarRequests } from '../../lib/metrics';
import { outboxDiscord, webhookDiscord, type DiscordSender } from '../../adapters/discord';
import {
  edgarClient,
  edgarHttp,
  EdgarHttpError,
  filingFolderUrl,
  filingIndexUrl,
  parseFilingIndex,
  type EdgarClient,
  type SearchHit,
} from '../../adapters/edgar';
import { tradeFacts } from '../trades/queries';
import { memberRecords } from '../users/queries';
import {
  changedFacts,
  continuedEvent,
  FEED_FORMS,
  FEED_ITEMS,
  halve,
  mergedFacts,
  pollSlot,
  retryDelayMs,
  SEARCH_FORMS,
  SEARCH_MAX_HITS,
  SEARCH_PAGE,
  SEARCH_PHRASES,
  searchWindow,
  type EventFacts,
} from './lifecycle';
import { discoveryRepo, type Candidate, type FilingRow, type ProposalRow } from './repo';
import { classifyFiling, type Classification } from './rules';
import { discoveryReview } from './review';

/** A cycle holds its slot this long at most; a live lease keeps the next slot from starting. */
const CYCLE_LEASE_MS = 10 * 60_000;
/** A filing being fetched is leased this long (a crash frees it for the next cycle). */
const FILING_LEASE_MS = 5 * 60_000;
const BATCH = 10;

export interface CycleResult {
  slot: string;
  found: number;
  processed: number;
  proposals: number;
  requests: number;
  error: string | null;
}

/** Documents worth reading in a filing: the primary document and every EX-99 exhibit. */
const wanted = (type: string, form: string) => type === form || /^EX-99/i.test(type);

function nyClock(now: Date): { date: string; minutes: number } {
  const t = new TZDate(now.getTime(), MARKET_TZ);
  return { date: todayInMarket(now), minutes: t.getHours() * 60 + t.getMinutes() };
}

export function discoveryService(ctx: AppContext, deps: { client?: EdgarClient } = {}) {
  const { config } = ctx;
  const repo = discoveryRepo(ctx.database.db);
  const enabled = Boolean(config.SEC_USER_AGENT) || Boolean(deps.client);
  let client = deps.client ?? null;
  const edgar = (): EdgarClient => {
    if (!client) {
      const http = edgarHttp({
        userAgent: config.SEC_USER_AGENT!,
        maxRps: config.EDGAR_MAX_RPS,
        maxBytes: config.EDGAR_MAX_BYTES,
        redis: ctx.redis,
      });
      client = edgarClient({ searchUrl: config.EDGAR_SEARCH_URL, archivesUrl: config.EDGAR_ARCHIVES_URL }, http);
    }
    return client;
  };
  const adminDiscord: DiscordSender = config.DISCORD_ADMIN_WEBHOOK_URL
    ? webhookDiscord(config.DISCORD_ADMIN_WEBHOOK_URL)
    : outboxDiscord(ctx.database, undefined, 'discord-admin');
  const review = discoveryReview(ctx);

  /** Every hit of one phrase in a window, narrowing the window while the total is a lower bound. */
  async function searchAll(q: string, w: { from: string; to: string }): Promise<SearchHit[]> {
    const first = await edgar().search({ q, forms: SEARCH_FORMS, startdt: w.from, enddt: w.to });
    if (!first.exact || first.total > SEARCH_MAX_HITS) {
      const halves = halve(w);
      if (halves) return [...(await searchAll(q, halves[0])), ...(await searchAll(q, halves[1]))];
      ctx.log.warn({ q, window: w, total: first.total }, 'EDGAR search: a one-day window has more hits than one query returns');
    }
    const hits = [...first.hits];
    for (let from = SEARCH_PAGE; from < Math.min(first.total, SEARCH_MAX_HITS); from += SEARCH_PAGE) {
      const page = await edgar().search({ q, forms: SEARCH_FORMS, startdt: w.from, enddt: w.to, from });
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
            primaryDoc: h.filename || null,
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
    const c = classifyFiling(texts.join('\n\n'), {
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
    await propose(filing, c, acceptedAt);
    return 'proposed';
  }

  /** Records the proposal, superseding the open one of the same event, in one transaction with the filing's state. */
  async function propose(filing: FilingRow, c: Classification, acceptedAt: Date | null) {
    await ctx.database.db.transaction(async (t) => {
      const tx = t as unknown as typeof ctx.database.db;
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

  /** Tells the admins (email and their Discord channel) about each new round-up proposal, once. */
  async function notifyAdmins(): Promise<number> {
    const fresh = await repo.unnotifiedRoundUps();
    if (fresh.length === 0) return 0;
    const emails = await memberRecords(ctx.database.db).adminEmails();
    for (const p of fresh) {
      const url = `${config.appUrl}/admin/discoveries`;
      const line = `New round-up proposal: ${p.company}${p.ticker ? ` (${p.ticker})` : ''}, 1-for-${p.ratio ?? '?'}, buy by ${p.buyBy ?? 'unknown'}, market date ${p.marketDate ?? 'unknown'}.`;
      try {
        for (const to of emails)
          await ctx.mailer.send({
            to,
            subject: `Round-up proposal: ${p.ticker ?? p.company} — buy by ${p.buyBy ?? 'unknown'}`,
            text: `${line}\n\n"${p.evidence?.sentence ?? ''}"\n\nReview it: ${url}`,
          });
        await adminDiscord.send({ content: `${line} Review: ${url}` });
        await repo.setProposal(p.id, { notifiedAt: ctx.clock() });
      } catch (err) {
        ctx.log.warn({ err, proposal: p.id }, 'discovery: admin notice not sent; the next cycle tries again');
      }
    }
    return fresh.length;
  }

  return {
    enabled,
    /**
     * One poll: claims the slot for now (once across replicas, never overlapping a running cycle),
     * searches the window since the last cycle, reads the current-filings feed, then fetches and
     * classifies every queued filing. Null when outside the poll window, or the slot is taken.
     */
    async runCycle(opts: { slot?: string } = {}): Promise<CycleResult | null> {
      if (!enabled) return null;
      const now = ctx.clock();
      const { date, minutes } = nyClock(now);
      const slot = opts.slot ?? pollSlot(date, minutes, config.EDGAR_POLL_MINUTES, config.EDGAR_POLL_WINDOW);
      if (!slot || !(await repo.claimSlot(slot, now, CYCLE_LEASE_MS))) return null;
      const before = edgar().http.requests;
      const window = searchWindow(date, await repo.lastSearchedTo(), config.EDGAR_LOOKBACK_DAYS);
      const { found, searched, errors } = await find(window);
      let result = { processed: 0, proposals: 0 };
      try {
        result = await processQueued(slot);
        await notifyAdmins();
      } catch (err) {
        errors.push(errorText(err));
        ctx.log.error({ err, slot }, 'discovery cycle failed');
      }
      const error = errors.length ? errors.join('; ').slice(0, 1000) : null;
      const requests = edgar().http.requests - before;
      edgarRequests.inc(requests);
      edgarPolls.inc({ outcome: error ? 'error' : 'ok' });
      await repo.finishSlot(slot, ctx.clock(), {
        found,
        ...result,
        requests,
        error,
        ...(searched ? { searchedFrom: window.from, searchedTo: window.to } : {}),
      });
      ctx.log.info({ slot, found, ...result, requests, error }, 'discovery cycle');
      return { slot, found, ...result, requests, error };
    },
    /** Classifies again from the stored documents (no request), e.g. after a classifier change. */
    processQueued: () => processQueued(null),
    notifyAdmins,
    ...review,
    async list(status?: DiscoveryStatus): Promise<DiscoveryList> {
      const [rows, counts, last, called] = await Promise.all([
        repo.list(status),
        repo.counts(),
        repo.lastRun(),
        repo.acceptedRoundUpSplits().then((ids) => tradeFacts(ctx.database.db).outcomesForSplits(ids)),
      ]);
      return {
        proposals: rows.map((p) =>
          toProposal(p, p.acceptedAt, archivesOf(config.EDGAR_ARCHIVES_URL), todayInMarket(ctx.clock())),
        ),
        record: {
          accepted: counts.accepted ?? 0,
          rejected: counts.rejected ?? 0,
          open: counts.open ?? 0,
          roundUpOutcomes: called.recorded > 0 ? called : null,
        },
        lastRun: last
          ? {
              slot: last.slot,
              startedAt: last.startedAt.toISOString(),
              finishedAt: last.finishedAt?.toISOString() ?? null,
              found: last.found,
              processed: last.processed,
              proposals: last.proposals,
              error: last.error,
            }
          : null,
        enabled,
      };
    },
    async close() {
      await client?.http.close();
    },
  };
}
export type DiscoveryService = ReturnType<typeof discoveryService>;

const archivesOf = (url: string) => url.replace(/\/+$/, '');
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

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
  };
}

export function toProposal(p: ProposalRow, acceptedAt: Date | null, archivesUrl: string, today: string): Proposal {
  const rounding = p.rounding as Proposal['rounding'];
  return {
    _id: p.id,
    accession: p.accession,
    filingUrl: filingIndexUrl(archivesUrl, p.cik, p.accession),
    form: p.form,
    fileDate: p.fileDate,
    acceptedAt: acceptedAt?.toISOString() ?? null,
    cik: p.cik,
    company: p.company,
    ticker: p.ticker,
    ratio: p.ratio,
    ratioRange: p.ratioMin !== null && p.ratioMax !== null ? { min: p.ratioMin, max: p.ratioMax } : null,
    marketDate: p.marketDate,
    effectiveDate: p.effectiveDate,
    buyBy: p.buyBy,
    rounding,
    rsType: rsTypeFor(rounding),
    proposedStatus: proposedStatusFor(p, today),
    stage: (p.stage as Proposal['stage']) ?? null,
    historical: p.historical,
    holdersOfRecordOnly: p.holdersOfRecordOnly,
    confidence: p.confidence,
    evidence: p.evidence ?? null,
    changes: p.changes,
    previousId: p.previousId,
    status: p.status as DiscoveryStatus,
    splitId: p.splitId,
    rejectReason: p.rejectReason,
    reviewedAt: p.reviewedAt?.toISOString() ?? null,
    createdDate: p.createdAt.toISOString(),
  };
}
