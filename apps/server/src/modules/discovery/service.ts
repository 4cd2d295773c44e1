import { gunzipSync } from 'node:zlib';
import {
  marketClock,
  todayInMarket,
  type AcceptProposalRequest,
  type DiscoveryList,
  type DiscoveryStatus,
} from '@roundup/shared';
import type { AppContext } from '../../context';
import { edgarPolls, edgarRequests } from '../../lib/metrics';
import { edgarClient, edgarHttp, type EdgarClient } from '../../adapters/edgar';
import { tradeFacts } from '../trades/queries';
import { filingFinder } from './find';
import { CYCLE_LEASE_MS, pollSlot, searchWindow } from './lifecycle-rules';
import { adminNotices } from './notices';
import { filingReader } from './reader';
import { discoveryRepo } from './repo';
import { previewAccept } from './preview-accept';
import { discoveryReview, type SplitWriter } from './review';
import { classifyFiling } from './rules';
import { errorText, toProposal } from './view';

export { toProposal } from './view';

export interface CycleResult {
  slot: string;
  found: number;
  processed: number;
  proposals: number;
  requests: number;
  error: string | null;
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
        redis: ctx.redis?.client,
      });
      client = edgarClient({ searchUrl: config.EDGAR_SEARCH_URL, archivesUrl: config.EDGAR_ARCHIVES_URL }, http);
    }
    return client;
  };
  const review = discoveryReview(ctx);

  const find = filingFinder(ctx, edgar);
  const { processQueued } = filingReader(ctx, edgar);
  const notifyAdmins = adminNotices(ctx);

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
      const { date, minutes } = marketClock(now);
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
    /** What an accept would publish and why it would be refused (the admin's confirm step); writes nothing. */
    preview: (req: AcceptProposalRequest, splits: SplitWriter) => previewAccept({ ctx, splits }, req),
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
    /**
     * Every rejected proposal with its filing's stored text (no request), what the classifier
     * called then and what it calls now, and the admin's reason: the regression cases
     * (`npm run edgar:rejections`).
     */
    async regressionCases() {
      const out = [];
      for (const p of await repo.rejected()) {
        const docs = await repo.documents(p.accession);
        const text = docs
          .filter((d) => d.type !== 'index')
          .map((d) => gunzipSync(d.bodyGz).toString('utf8'))
          .join('\n\n');
        const now = classifyFiling(text, { form: p.form, fileDate: p.fileDate });
        out.push({ id: p.accession, text, calledThen: p.rounding, callsNow: now.rounding, reason: p.rejectReason });
      }
      return out;
    },
    async close() {
      await client?.http.close();
    },
  };
}
export type DiscoveryService = ReturnType<typeof discoveryService>;

const archivesOf = (url: string) => url.replace(/\/+$/, '');
