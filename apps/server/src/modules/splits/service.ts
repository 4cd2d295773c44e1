import {
  addDays,
  can,
  termChanges,
  todayInMarket,
  type DeleteSplitResult,
  type PastSplit,
  type Split,
  type SplitInput,
  type SplitView,
} from '@roundup/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/retry';
import { conflict, forbidden, notFound } from '../../http/app-error';
import { diffFields, recordAudit } from '../audit/service';
import { hashToken, newToken } from '../../lib/tokens';
import type { SplitsLive } from './live';
import { sessionChecks } from '../auth/queries';
import { splitsRepo, type FilingFacts, type SplitValues } from './repo';
import { addProFacts } from './add-pro-facts';
import { icalFeed } from './ical-feed';
import { listEnvelopeCache } from './list-envelope';
import { estProfitFor, isPublished, presentAll, seesEverything, splitAccess, strip, visibleStatuses, type Viewer } from './rules';

/** What a caller who may not see a split gets by id (403). */
export const UPGRADE_MESSAGE = 'This split is for Pro members. Upgrade to Pro to see it.';

/** The 409 of a delete that needs confirming: the count, and what archiving does. */
export const archiveQuestion = (trades: number) =>
  `Members have ${trades} trade${trades === 1 ? '' : 's'} recorded on this split. It will be archived, not deleted: it leaves the calendar, tables and alerts, and members keep their trades and analytics. Confirm to archive it.`;
const SSE_TICKET_TTL_MS = 60_000;

/** Work a caller does in a split's write transaction: it commits or rolls back with the split. */
export type Alongside = (tx: Db, splitId: string) => Promise<void>;

/** Reverse-split use cases. Every read goes through `splitAccess` (rules.ts; server-side masking, product.md#api-contract, issue 12 §1). */
export function splitsService(ctx: AppContext, live: SplitsLive) {
  const repo = splitsRepo(ctx.database.db);
  const sessions = sessionChecks(ctx.database.db);
  const today = () => todayInMarket(ctx.clock());

  function variant(viewer: Viewer): 'admin' | 'full' | 'starter' {
    if (can(viewer, 'admin:access')) return 'admin';
    return seesEverything(viewer) ? 'full' : 'starter';
  }

  async function list(viewer: Viewer): Promise<SplitView[]> {
    const stored = await repo.list(visibleStatuses(viewer));
    const rows = presentAll(viewer, stored, today());
    return addProFacts({ db: ctx.database.db, upward: ctx.upward }, { viewer, rows, stored, candidates: stored });
  }

  /**
   * The values to write: the estimated profit (derived when left empty or stale after a change of
   * terms, decision 025); the exchange when left out is unknown on add, kept on edit.
   */
  function input(i: SplitInput, before: Split | null = null, filing?: FilingFacts): SplitValues {
    const exchange = i.exchange === undefined ? (before?.exchange ?? null) : i.exchange;
    const participant = i.participant ?? before?.participant ?? false;
    return { ...i, estProfit: estProfitFor(i, before), exchange, participant, filing };
  }

  return {
    list,

    /** The envelope bytes of GET /api/rs for this viewer (plain, gzip and br), cached until the next change. */
    listEnvelope: listEnvelopeCache({ live, today, variant, list }),

    /** One split: 404 when hidden from this caller, 403 with the upgrade message when masked. */
    async byId(viewer: Viewer, id: string): Promise<Split> {
      const s = await repo.byId(id);
      const access = s ? splitAccess(viewer, s, today()) : 'hidden';
      if (!s || access === 'hidden') throw notFound('Split not found');
      if (access === 'masked') throw forbidden(UPGRADE_MESSAGE);
      const candidates = seesEverything(viewer) ? await repo.list(['Complete']) : [];
      return (
        await addProFacts({ db: ctx.database.db, upward: ctx.upward }, { viewer, rows: [strip(s)], stored: [s], candidates })
      )[0];
    },

    /** Public: Complete Round Up splits a visitor may see, newest first (the landing page shows the first 6). */
    async past(limit: number): Promise<PastSplit[]> {
      const day = today();
      // The SQL already keeps to what a visitor may see (bought by yesterday); the rule has the last word.
      const rows = await repo.pastRoundUps(limit, addDays(day, -1));
      return rows
        .filter((s) => splitAccess(null, s, day) === 'full')
        .map((p) => ({
          _id: p._id,
          name: p.name,
          rsType: p.rsType,
          ticker: p.ticker,
          effDate: p.effDate,
          ratio: p.ratio,
          price: p.price,
          avgProfit: p.avgProfit,
        }));
    },

    /**
     * `alongside` runs in the split's own transaction (a discovery accept marks its proposal there),
     * so both are written or neither is.
     */
    async add(i: SplitInput, actorId: string | null = null, alongside?: Alongside, filing?: FilingFacts): Promise<Split> {
      const { result: split, changeId } = await repo.inTransaction(async (tx, ops) => {
        const s = await ops.insert(input(i, null, filing));
        await alongside?.(tx, s._id);
        await ops.leavePipeline(s);
        await recordAudit(tx, {
          actorId,
          action: 'split.add',
          targetType: 'split',
          targetId: s._id,
          details: { name: s.name, ticker: s.ticker },
        });
        await ctx.notifier.splitChanged(tx, { splitId: s._id, kind: 'added', previousStatus: null, status: s.status });
        return s;
      });
      live.emitLocal(changeId);
      return strip(split);
    },

    async edit(
      id: string,
      i: SplitInput,
      actorId: string | null = null,
      alongside?: Alongside,
      filing?: FilingFacts,
    ): Promise<Split> {
      // A re-date moves the stored totals of every member's trades on the split (decision 008);
      // a save that collides with it is run again (decision 010).
      const { result: split, changeId } = await withRetry(() =>
        repo.inTransaction(async (tx, ops) => {
          const before = await ops.lockById(id);
          if (!before || before.archived) throw notFound('Split not found');
          const s = await ops.update(id, input(i, before, filing));
          await ops.leavePipeline(s);
          // Terms members could already see: the change is kept and shown on the split (decision 025).
          if (isPublished(before)) await ops.recordChanges(id, termChanges(before, s), ctx.clock(), actorId);
          await alongside?.(tx, id);
          const changes = diffFields(before as unknown as Record<string, unknown>, s as unknown as Record<string, unknown>);
          await recordAudit(tx, {
            actorId,
            action: 'split.edit',
            targetType: 'split',
            targetId: id,
            details: { name: s.name, ticker: s.ticker, changes },
          });
          await ctx.notifier.splitChanged(tx, {
            splitId: id,
            kind: 'updated',
            previousStatus: before.status,
            status: s.status,
            changes,
          });
          return s;
        }),
      );
      live.emitLocal(changeId);
      return strip(split);
    },

    /**
     * Admin delete (decision 011). A split without trades is deleted. One that members have trades on
     * is never deleted: without `confirm` the answer is 409 naming the count; with it the split is
     * archived (hidden from calendar, tables, feed and alerts; trades, history and analytics kept).
     * The split's row lock makes the count exact: a trade being added waits on it (foreign key).
     */
    async remove(id: string, opts: { confirm?: boolean; actorId?: string | null } = {}): Promise<DeleteSplitResult> {
      // Deleting a split with trades moves stored totals like a re-date does (decision 010).
      const { result, changeId } = await withRetry(() =>
        repo.inTransaction(async (tx, ops) => {
          const before = await ops.lockById(id);
          if (!before || before.archived) throw notFound('Split not found');
          const trades = await ctx.upward.tradeCountForSplit(tx, id);
          if (trades > 0 && !opts.confirm) throw conflict(archiveQuestion(trades));
          await recordAudit(tx, {
            actorId: opts.actorId ?? null,
            action: trades > 0 ? 'split.archive' : 'split.delete',
            targetType: 'split',
            targetId: id,
            details: { name: before.name, ticker: before.ticker, trades },
          });
          // Called before the row goes, so the notifier may still read it inside this transaction.
          await ctx.notifier.splitChanged(tx, { splitId: id, kind: 'deleted', previousStatus: before.status, status: null });
          if (trades > 0) {
            await ops.archive(id);
            return { id, deleted: false, archived: true, trades };
          }
          await ops.remove(id);
          return { id, deleted: true, archived: false, trades: 0 };
        }),
      );
      live.emitLocal(changeId);
      return result;
    },

    // ---- iCal feed (Pro) --------------------------------------------------------------------
    ...icalFeed(ctx, repo, today),

    // ---- events stream tickets ---------------------------------------------------------------
    /**
     * A ticket so EventSource (which cannot send headers) can open /api/events: random, opaque (the URL
     * names neither the member nor the session), stored as an HMAC, bound to the session that asked,
     * valid for a minute and for one stream only (issue 24 §4).
     */
    async sseTicket(userId: string, sessionId: string): Promise<string> {
      const ticket = newToken();
      const now = ctx.clock();
      await sessions.createEventTicket(
        {
          tokenHash: hashToken(ctx.config.tokenPepper, ticket),
          userId,
          sessionId,
          expiresAt: new Date(now.getTime() + SSE_TICKET_TTL_MS),
        },
        now,
      );
      return ticket;
    },
    /** The ticket's user and session the first time it is used; null when unknown, used, expired or its session was revoked. */
    async checkSseTicket(ticket: string): Promise<{ userId: string; sessionId: string } | null> {
      if (!/^[A-Za-z0-9_-]{20,200}$/.test(ticket)) return null;
      const now = ctx.clock();
      const found = await sessions.consumeEventTicket(hashToken(ctx.config.tokenPepper, ticket), now);
      if (!found || !(await sessions.isLive(found.sessionId, now))) return null;
      return found;
    },
    /** Whether a live stream's session still stands (logout, password change and reset revoke it). */
    sessionLive(sessionId: string): Promise<boolean> {
      return sessions.isLive(sessionId, ctx.clock());
    },
  };
}
export type SplitsService = ReturnType<typeof splitsService>;
