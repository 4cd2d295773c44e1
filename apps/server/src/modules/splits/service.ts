import type { AddClawbackRequest, SplitInput } from '@roundup/shared';
import type { AppContext } from '../../context';
import { addSplit } from './add-split';
import { clawbacksRepo } from './clawbacks-repo';
import { checkSseTicket, streamSessionLive } from './check-sse-ticket';
import { splitsToday, type Alongside, type SplitsDeps } from './deps';
import { editSplit } from './edit-split';
import { getSplit } from './get-split';
import { getSplitOutcomes } from './get-split-outcomes';
import { getFeedUrl, readFeed, resetFeedUrl } from './ical-feed';
import { issueSseTicket } from './issue-sse-ticket';
import { listEnvelopeCache } from './list-envelope';
import { listPastSplits } from './list-past-splits';
import { followPipelineEntry } from './follow-pipeline-entry';
import { listPipeline } from './list-pipeline';
import { listSplits, splitsVariant } from './list-splits';
import type { SplitsLive } from './live';
import type { FilingFacts } from './repo';
import { previewSplit } from './preview-split';
import { recordClawback, removeClawback } from './record-clawback';
import { removeSplit } from './remove-split';
import { undoSplitAlerts } from './undo-split-alerts';
import type { Viewer } from './rules';

/**
 * Reverse-split use cases (one per file), bound once to their deps in app.ts and handed to the routes and
 * the review queue. Every read goes through `splitAccess` (rules.ts; server-side masking, product.md#api-contract).
 */
export function splitsService(ctx: AppContext, live: SplitsLive) {
  const deps: SplitsDeps = {
    db: ctx.database.db,
    clock: ctx.clock,
    config: ctx.config,
    notifier: ctx.notifier,
    upward: ctx.upward,
    live,
  };
  const list = (viewer: Viewer) => listSplits(deps, { viewer });
  return {
    list,
    /** The envelope bytes of GET /api/rs for this viewer (plain, gzip and br), cached until the next change. */
    listEnvelope: listEnvelopeCache({ live, today: () => splitsToday(deps), variant: splitsVariant, list }),
    byId: (viewer: Viewer, id: string) => getSplit(deps, { viewer, id }),
    past: (limit: number) => listPastSplits(deps, { limit }),
    pipeline: (viewer: Viewer, userId?: string) => listPipeline(deps, { viewer, userId }),
    follow: (input: { viewer: Viewer; userId: string; id: string; follow: boolean }) => followPipelineEntry(deps, input),
    outcomes: (input: { viewer: Viewer; userId: string; splitId: string }) =>
      getSplitOutcomes({ ...deps, today: splitsToday(deps) }, input),
    add: (split: SplitInput, actorId: string | null = null, alongside?: Alongside, filing?: FilingFacts) =>
      addSplit(deps, { split, actorId, alongside, filing }),
    edit: (id: string, split: SplitInput, actorId: string | null = null, alongside?: Alongside, filing?: FilingFacts) =>
      editSplit(deps, { id, split, actorId, alongside, filing }),
    /** What saving this add (no id) or edit would do: refusals, the alert as sent, its reach. Writes nothing. */
    preview: (split: SplitInput, id?: string) => previewSplit(deps, { split, id }),
    undoAlerts: (id: string, actorId: string | null) => undoSplitAlerts(deps, { id, actorId }),
    remove: (id: string, opts: { confirm?: boolean; actorId?: string | null } = {}) => removeSplit(deps, { id, ...opts }),
    feedUrl: (userId: string, role: string) => getFeedUrl(deps, { userId, role }),
    resetFeed: (userId: string, role: string) => resetFeedUrl(deps, { userId, role }),
    feed: (token: string) => readFeed(deps, { token }),
    sseTicket: (userId: string, sessionId: string) => issueSseTicket(deps, { userId, sessionId }),
    checkSseTicket: (ticket: string) => checkSseTicket(deps, { ticket }),
    sessionLive: (sessionId: string) => streamSessionLive(deps, { sessionId }),
    clawbacks: () => clawbacksRepo(deps.db).list(),
    recordClawback: (clawback: AddClawbackRequest, actorId: string | null) => recordClawback(deps, { clawback, actorId }),
    removeClawback: (id: string, actorId: string | null) => removeClawback(deps, { id, actorId }),
  };
}
export type SplitsService = ReturnType<typeof splitsService>;

/** A split's issuer risk, for the Pro alerts about it (the notifications module asks). */
export { getSplitRisk, riskOfSplit } from './get-split-risk';
/** A split as stored, with its filing facts: what riskOfSplit reads of terms not saved yet. */
export type { StoredSplit } from './repo';
