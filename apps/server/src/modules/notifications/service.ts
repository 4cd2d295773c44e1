import { marketClock, todayInMarket, type Delivery } from '@roundup/shared';
import type { AppContext, Notifier } from '../../context';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import { recordAudit } from '../audit/service';
import { DEFAULT_DELIVERY, deliveries, type DeliveryOptions } from './delivery';

export { DEFAULT_DELIVERY, type DeliveryOptions } from './delivery';
import { pushSellReminders } from './push-delivery';
import { notificationsRepo, type SellCandidate } from './repo';
import { recipientOf } from './recipient';
import { withConfirmation } from './split-payload';
import { unsubscribeLinks, type UnsubscribeCheck } from './unsubscribe';
import { DIGEST_KIND, digestChunk, raiseWeeklyDigest } from './weekly-digest';
import { channelsFor, dueSchedules, eventsForSplitChange, sellReminderDate, termsChanged, type EventKind } from './rules';

export { previewSplitAlert } from './preview';

/** The notification engine: events → deliveries (in the caller's transaction) → adapters, with retries. */
export function notificationsService(ctx: AppContext) {
  const repo = notificationsRepo(ctx.database.db);

  const { unsubscribeUrl, readUnsubscribeToken } = unsubscribeLinks(ctx, repo);

  /**
   * Raises one event; a no-op when the event was raised before (its key exists). By default the
   * event commits with `tx` and the worker fans it out in chunks (expandFanouts); `immediate`
   * materialises every delivery inside `tx` (small audiences, e.g. an admin SMS, whose count is shown).
   */
  async function raise(
    tx: Db,
    key: string,
    kind: EventKind,
    payload: Record<string, unknown>,
    opts: { proOnlyAudience?: boolean; discord?: boolean; immediate?: boolean; holdersOf?: string } = {},
  ) {
    const now = ctx.clock();
    const eventId = await repo.createEvent(tx, key, kind, payload, now, {
      pending: !opts.immediate,
      proOnlyAudience: opts.proOnlyAudience,
    });
    if (!eventId) return { eventId: null, queued: 0 };
    let queued = opts.immediate
      ? await repo.fanOut(tx, {
          eventId,
          eventKey: key,
          kind,
          now,
          proOnlyAudience: opts.proOnlyAudience,
          holdersOf: opts.holdersOf,
        })
      : 0;
    if (opts.discord) {
      queued += await repo.insertDeliveries(
        tx,
        [{ idemKey: `${key}:-:discord`, eventId, userId: null, channel: 'discord', recipient: 'discord' }],
        now,
      );
    }
    return { eventId, queued };
  }

  const notifier: Notifier = {
    async splitChanged(tx, event) {
      const kinds = eventsForSplitChange(event);
      const terms = termsChanged(event);
      if (kinds.length === 0 && !terms) return;
      const row = await repo.split(tx, event.splitId);
      if (!row) return;
      const [split] = await withConfirmation(tx, [row]);
      for (const kind of kinds) {
        await raise(tx, `${kind}:${event.splitId}`, kind, split, { discord: kind === 'rsa' });
      }
      // The members holding the split hear of its new terms once per set of terms, in this transaction.
      if (terms)
        await raise(
          tx,
          `terms:${event.splitId}:${split.buyDate}:${split.effDate}:${split.ratio}`,
          'termsChanged',
          { ...split, changes: terms },
          {
            immediate: true,
            holdersOf: event.splitId,
          },
        );
    },
    // Once per split (the key): a second poll, tab or replay raises nothing.
    async splitConfirmed(tx, event) {
      const row = await repo.split(tx, event.splitId);
      if (!row) return;
      const [split] = await withConfirmation(tx, [row]);
      await raise(tx, `confirmed:${event.splitId}`, 'splitConfirmed', split, { immediate: true, holdersOf: event.splitId });
    },
  };

  /** Buy-day reminders for `date`: at the open (`buy:`) or an hour before the close (`buyClose:`), once per split and day. */
  async function buyReminders(date: string, which: 'open' | 'close' = 'open') {
    const splits = await withConfirmation(ctx.database.db, await repo.splitsBuyingOn(date));
    const [prefix, kind] = which === 'open' ? (['buy', 'buyReminder'] as const) : (['buyClose', 'buyReminderClose'] as const);
    let events = 0;
    for (const s of splits) {
      const r = await repo.transaction((tx) => raise(tx, `${prefix}:${s.splitId}:${date}`, kind, { splits: [s] }));
      if (r.eventId) events += 1;
    }
    return { tickers: splits.map((s) => String(s.ticker)), events };
  }

  async function sellReminders(date: string) {
    const candidates = (await repo.openPositions(date)).filter((c) => sellReminderDate(c.eff_date, c.share_return_time) === date);
    const byUser = new Map<string, SellCandidate[]>();
    for (const c of candidates) byUser.set(c.user_id, [...(byUser.get(c.user_id) ?? []), c]);
    const key = `sell:${date}`;
    const now = ctx.clock();
    const queued = await repo.transaction(async (tx) => {
      const eventId = await repo.createEvent(tx, key, 'sellReminder', { date }, now);
      if (!eventId) return 0;
      const list = [];
      const members = [];
      for (const [userId, items] of byUser) {
        const u = recipientOf(items[0]);
        const data = { items: items.map((i) => ({ ticker: i.ticker, account: i.nickname, broker: i.broker })) };
        members.push({ userId, recipient: u, data });
        for (const channel of channelsFor(u, 'sellReminder')) {
          list.push({
            idemKey: `${key}:${userId}:${channel}`,
            eventId,
            userId,
            channel,
            recipient: channel === 'email' ? u.email! : u.phone!,
            data,
          });
        }
      }
      list.push(...(await pushSellReminders(tx, { key, eventId, members })));
      return repo.insertDeliveries(tx, list, now);
    });
    return { users: byUser.size, queued };
  }

  /**
   * Materialises pending fan-outs, `chunkSize` users per transaction (so the embedded single-connection
   * database is never held for long); the cursor moves in the same transaction, so a crash repeats at
   * most one chunk, and the idempotency keys make that repeat a no-op. Returns the chunks processed
   * (0 = nothing pending).
   */
  async function expandFanouts(opts: { chunkSize?: number; maxChunks?: number } = {}): Promise<number> {
    const size = opts.chunkSize ?? 2000;
    let chunks = 0;
    for (let i = 0; i < (opts.maxChunks ?? 10); i += 1) {
      const step = await repo.transaction(async (tx) => {
        const ev = await repo.lockPendingFanout(tx);
        if (!ev) return null;
        const now = ctx.clock();
        const upTo = await repo.chunkEnd(tx, ev.cursor, size);
        const range = upTo ? { after: ev.cursor, upTo } : null;
        const common = { eventId: ev.id, eventKey: ev.key, now };
        let n = 0;
        // The weekly digest's message is made per member (weekly-digest.ts); the others are one message for all.
        if (range && ev.kind === DIGEST_KIND)
          n = await digestChunk(repo, tx, { ...common, range, today: String(ev.payload.date) });
        else if (range) n = await repo.fanOut(tx, { ...common, kind: ev.kind, proOnlyAudience: ev.pro_only, range });
        await repo.advanceFanout(tx, ev.id, upTo, now);
        return n;
      });
      if (step === null) break;
      chunks += 1;
    }
    return chunks;
  }

  const { deliverBatch: deliverClaimed } = deliveries(ctx, repo, unsubscribeUrl);

  /** Expands pending fan-outs a little, then claims one batch and delivers it (delivery.ts). */
  async function deliverBatch(opts: DeliveryOptions = DEFAULT_DELIVERY): Promise<number> {
    const expanded = await expandFanouts({ maxChunks: 2 });
    const n = await deliverClaimed(opts);
    return n === 0 && expanded > 0 ? deliverBatch(opts) : n;
  }

  return {
    notifier,
    raise,
    expandFanouts,
    buyReminders,
    sellReminders,
    deliverBatch,

    /** Queue depth and the age of the oldest due delivery (readiness and metrics). */
    queueStats: () => repo.queueStats(ctx.clock()),

    /** GET /api/rs/send-update: today's buy and sell reminders now (idempotent: a second press queues nothing). */
    async sendToday(actorId: string | null = null) {
      const date = todayInMarket(ctx.clock());
      const buy = await buyReminders(date);
      const sell = await sellReminders(date);
      await recordAudit(ctx.database.db, {
        actorId,
        action: 'reminders.send',
        targetType: 'reminders',
        targetId: date,
        details: { tickers: buy.tickers, newReminders: buy.events + sell.queued },
      });
      // newReminders: buy-reminder events raised now (fanned out by the worker) + sell reminders queued now.
      return { date, tickers: buy.tickers, newReminders: buy.events + sell.queued };
    },

    /** Runs the New York schedules that are due and not yet run today (rules.ts dueSchedules). */
    async runSchedules(now: Date = ctx.clock()) {
      const { date, minutes } = marketClock(now);
      const ran: string[] = [];
      for (const job of dueSchedules({ marketDate: date, marketMinutes: minutes })) {
        // The digest's event key is its once-a-week claim (weekly-digest.ts).
        if (job === 'digest') {
          if (await raiseWeeklyDigest(repo, date, now)) ran.push(job);
          continue;
        }
        if (!(await repo.claimRun(`${job}:${date}`, now))) continue;
        if (job === 'buy') await buyReminders(date, 'open');
        else if (job === 'buyClose') await buyReminders(date, 'close');
        else await sellReminders(date);
        ran.push(job);
      }
      return ran;
    },

    /** An admin SMS to All or Pro (users with a validated phone and rsaSMS on), queued in `tx`. */
    async queueAdminSms(tx: Db, commId: string, message: string, audience: 'All' | 'Pro') {
      const r = await raise(
        tx,
        `comm:${commId}`,
        'adminSms',
        { message },
        { proOnlyAudience: audience === 'Pro', immediate: true },
      );
      return r.queued;
    },

    /**
     * An announcement (general or newsletter) raised in `tx` under `key`: the audience is counted in
     * the same transaction and the worker fans it out in chunks (it may be every member). Null when
     * the key was raised before.
     */
    async raiseAnnouncement(tx: Db, key: string, kind: 'general' | 'newsletter', payload: { subject: string; message: string }) {
      const r = await raise(tx, key, kind, payload);
      if (!r.eventId) return null;
      const reach = await repo.audience(tx, kind);
      return { recipients: reach.recipients, messageCount: reach.channels.email + reach.channels.sms + reach.channels.whatsapp };
    },

    /** Who an event of `kind` would reach now (the fan-out's own conditions). */
    audience(kind: EventKind) {
      return repo.audience(ctx.database.db, kind);
    },

    async deliveries(status?: string) {
      const [rows, counts] = await Promise.all([repo.list({ status, limit: 200 }), repo.counts()]);
      return {
        counts,
        deliveries: rows.map((r) => ({
          _id: r.id,
          key: r.idem_key,
          kind: r.kind,
          channel: r.channel,
          recipient: r.recipient,
          username: r.username,
          status: r.status as Delivery['status'],
          attempts: r.attempts,
          providerId: r.provider_id,
          error: r.error,
          createdDate: r.created_at,
          sentDate: r.sent_at,
        })),
      };
    },

    async retry(id: string, actorId: string | null = null) {
      if (!(await repo.retry(id, ctx.clock()))) throw notFound('No failed delivery with that id');
      await recordAudit(ctx.database.db, { actorId, action: 'delivery.retry', targetType: 'delivery', targetId: id });
      return { status: 'queued' };
    },

    /** The GET confirmation page: what the link would turn off. Changes nothing (mail scanners prefetch links). */
    checkUnsubscribe: readUnsubscribeToken,

    /** One-click unsubscribe (POST): turns the signed category off for the signed user. Idempotent. */
    async unsubscribe(token: unknown): Promise<UnsubscribeCheck> {
      const check = await readUnsubscribeToken(token);
      if (!check.ok) return check;
      return (await repo.turnOff(check.userId, check.pref)) ? check : { ok: false, reason: 'invalid' };
    },

    unsubscribeUrl,
  };
}
export type { UnsubscribeCheck } from './unsubscribe';

export type NotificationsService = ReturnType<typeof notificationsService>;
