import type { AcceptProposalRequest, DiscoveryStatus } from '@roundup/shared';
import type { AppContext } from '../../context';
import { edgarClient, edgarHttp, type EdgarClient } from '../../adapters/edgar';
import { filingFinder } from './find';
import { listProposals } from './list-proposals';
import { adminNotices } from './notices';
import { processQueued as processQueuedFilings } from './reader';
import { previewAccept } from './preview-accept';
import { regressionCases } from './regression-cases';
import { discoveryReview, type SplitWriter } from './review';
import { runCycle, type CycleResult } from './run-cycle';

export { toProposal } from './view';

export type { CycleResult } from './run-cycle';

/**
 * Filing discovery (docs/discovery.md): its use cases (one per file) bound once to the EDGAR client, which is
 * made on first use, and to the finder and reader built on it. Built in app.ts and by the poller.
 */
export function discoveryService(ctx: AppContext, deps: { client?: EdgarClient } = {}) {
  const { config } = ctx;
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
  const processQueued = (slot: string | null) => processQueuedFilings({ ctx, edgar }, { slot });
  const notifyAdmins = adminNotices(ctx);

  return {
    enabled,
    /** One poll cycle (run-cycle.ts); null when discovery is off. */
    runCycle: async (opts: { slot?: string } = {}): Promise<CycleResult | null> =>
      enabled ? runCycle({ ctx, edgar, find, processQueued, notifyAdmins }, opts) : null,
    /** Classifies again from the stored documents (no request), e.g. after a classifier change. */
    processQueued: () => processQueued(null),
    notifyAdmins,
    ...review,
    /** What an accept would publish and why it would be refused (the admin's confirm step); writes nothing. */
    preview: (req: AcceptProposalRequest, splits: SplitWriter) => previewAccept({ ctx, splits }, req),
    list: (status?: DiscoveryStatus) => listProposals({ ctx, enabled }, { status }),
    /** The rejected proposals as classifier regression cases (`npm run edgar:rejections`). */
    regressionCases: () => regressionCases({ db: ctx.database.db }),
    async close() {
      await client?.http.close();
    },
  };
}
export type DiscoveryService = ReturnType<typeof discoveryService>;
