import { createHmac } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { can, defaultEstProfit, todayInMarket, type PastSplit, type Split, type SplitInput } from '@roundup/shared';
import type { AppContext } from '../../context';
import { withRetry } from '../../db/retry';
import { forbidden, notFound } from '../../http/app-error';
import { newToken, safeEqual, sign, verifySigned } from '../../lib/tokens';
import type { SplitsLive } from './live';
import { splitsRepo } from './repo';
import { buildIcal, present, seesEverything, visibleStatuses, type Viewer } from './rules';

const CACHE_TTL_MS = 30_000;
const SSE_TICKET_TTL_MS = 60_000;

export interface EnvelopeBytes {
  json: Buffer;
  gzip: Buffer;
}

/** Reverse-split use cases. Every read goes through `present` (server-side masking, DESIGN §4). */
export function splitsService(ctx: AppContext, live: SplitsLive) {
  const repo = splitsRepo(ctx.database.db);
  const today = () => todayInMarket(ctx.clock());

  // GET /api/rs answers from a per-(day, view) cache of the finished JSON envelope,
  // cleared by the change signal (and a short TTL as a safety net).
  const cache = new Map<string, { body: EnvelopeBytes; at: number }>();
  live.onChange(() => cache.clear());

  function variant(viewer: Viewer): 'admin' | 'full' | 'starter' {
    if (can(viewer, 'admin:access')) return 'admin';
    return seesEverything(viewer) ? 'full' : 'starter';
  }

  async function list(viewer: Viewer): Promise<Split[]> {
    const day = today();
    const rows = await repo.list(visibleStatuses(viewer));
    return rows.map((s) => present(viewer, s, day));
  }

  function feedSecret(userId: string, nonce: string): string {
    return createHmac('sha256', ctx.config.tokenPepper).update(`ical:${userId}:${nonce}`).digest('base64url');
  }
  const feedUrl = (userId: string, nonce: string) => `${ctx.config.appUrl.replace(/\/$/, '')}/api/rs/ical/${userId}.${feedSecret(userId, nonce)}.ics`;

  function input(i: SplitInput) {
    return { ...i, estProfit: i.estProfit ?? defaultEstProfit(i.ratio, i.price) };
  }

  return {
    list,

    /** The envelope bytes of GET /api/rs for this viewer (plain and gzip), cached until the next change. */
    async listEnvelope(viewer: Viewer): Promise<EnvelopeBytes> {
      const key = `${today()}|${variant(viewer)}`;
      const hit = cache.get(key);
      const now = Date.now();
      if (hit && now - hit.at < CACHE_TTL_MS) return hit.body;
      const v = live.version;
      const json = Buffer.from(JSON.stringify({ data: { splits: await list(viewer) }, errors: [] }));
      const body = { json, gzip: gzipSync(json, { level: 6 }) };
      if (live.version === v) cache.set(key, { body, at: now });
      return body;
    },

    async byId(viewer: Viewer, id: string): Promise<Split> {
      const s = await repo.byId(id);
      if (!s || !visibleStatuses(viewer).includes(s.status)) throw notFound('Split not found');
      return present(viewer, s, today());
    },

    /** Public: Complete Round Up splits, newest first (the landing page shows the first 6). */
    async past(limit: number): Promise<PastSplit[]> {
      const day = today();
      const rows = await repo.pastRoundUps(limit);
      return rows.map((s) => {
        const p = present(null, s, day);
        return { _id: p._id, name: p.name, rsType: p.rsType, ticker: p.ticker, effDate: p.effDate, ratio: p.ratio, price: p.price, avgProfit: p.avgProfit };
      });
    },

    async add(i: SplitInput): Promise<Split> {
      const split = await repo.inTransaction(async (tx, ops) => {
        const s = await ops.insert(input(i));
        await ctx.notifier.splitChanged(tx, { splitId: s._id, kind: 'added', previousStatus: null, status: s.status });
        return s;
      });
      live.emitLocal();
      return split;
    },

    async edit(id: string, i: SplitInput): Promise<Split> {
      // A re-date moves the stored totals of every member's trades on the split (decision 008);
      // a save that collides with it is run again (decision 010).
      const split = await withRetry(() => repo.inTransaction(async (tx, ops) => {
        const before = await ops.lockById(id);
        if (!before) throw notFound('Split not found');
        const s = await ops.update(id, input(i));
        await ctx.notifier.splitChanged(tx, { splitId: id, kind: 'updated', previousStatus: before.status, status: s.status });
        return s;
      }));
      live.emitLocal();
      return split;
    },

    async remove(id: string): Promise<void> {
      await repo.inTransaction(async (tx, ops) => {
        const before = await ops.lockById(id);
        if (!before) throw notFound('Split not found');
        // Called before the row goes, so the notifier may still read it inside this transaction.
        await ctx.notifier.splitChanged(tx, { splitId: id, kind: 'deleted', previousStatus: before.status, status: null });
        await ops.remove(id);
      });
      live.emitLocal();
    },

    // ---- iCal feed (Pro) --------------------------------------------------------------------
    async feedUrl(userId: string, role: string): Promise<string> {
      if (!can(role, 'splits:full')) throw forbidden('The calendar feed is a Pro feature.');
      let nonce = await repo.icalNonce(userId);
      if (!nonce) {
        nonce = newToken(16);
        await repo.setIcalNonce(userId, nonce);
      }
      return feedUrl(userId, nonce);
    },
    async resetFeed(userId: string, role: string): Promise<string> {
      if (!can(role, 'splits:full')) throw forbidden('The calendar feed is a Pro feature.');
      const nonce = newToken(16);
      await repo.setIcalNonce(userId, nonce);
      return feedUrl(userId, nonce);
    },
    /** The feed for `userId.secret`; 404 for anything not currently valid (revoked, downgraded, disabled). */
    async feed(token: string): Promise<string> {
      const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) throw notFound('Feed not found');
      const owner = await repo.feedOwner(m[1]);
      if (!owner || owner.disabled || !owner.nonce || !can(owner.role, 'splits:full')) throw notFound('Feed not found');
      if (!safeEqual(feedSecret(m[1], owner.nonce), m[2])) throw notFound('Feed not found');
      const upcoming = (await repo.list(['Upcoming'])).map((s) => present(owner.role, s, today()));
      return buildIcal(upcoming, { appUrl: ctx.config.appUrl, now: ctx.clock() });
    },

    // ---- events stream tickets ---------------------------------------------------------------
    /** A short-lived signed ticket so EventSource (which cannot send headers) can open /api/events. */
    sseTicket(userId: string): string {
      return sign(ctx.config.tokenPepper, `sse:${userId}:${Date.now() + SSE_TICKET_TTL_MS}`);
    },
    checkSseTicket(ticket: string): string | null {
      const payload = verifySigned(ctx.config.tokenPepper, ticket);
      const m = payload ? /^sse:([0-9a-f-]{36}):(\d+)$/.exec(payload) : null;
      if (!m || Number(m[2]) < Date.now()) return null;
      return m[1];
    },
  };
}
export type SplitsService = ReturnType<typeof splitsService>;
