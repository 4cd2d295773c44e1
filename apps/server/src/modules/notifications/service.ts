import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { buyReminders } from './buy-reminders';
import { DEFAULT_DELIVERY, deliveries, type DeliveryOptions } from './delivery';
import { expandFanouts } from './expand-fanouts';
import { listDeliveries } from './list-deliveries';
import { queueAdminSms } from './queue-admin-sms';
import { raiseAnnouncement } from './raise-announcement';
import { raiseEvent, type NotificationDeps, type RaiseOptions } from './raise-event';
import { raiseMemberNotice, type MemberNoticeInput } from './raise-member-notice';
import { notificationsRepo } from './repo';
import { retryDelivery } from './retry-delivery';
import type { EventKind } from './rules';
import { runSchedules } from './run-schedules';
import { sellReminders } from './sell-reminders';
import { sendToday } from './send-today';
import { splitNotifier } from './split-notifier';
import { todayReminders } from './today-reminders';
import { unsubscribeLinks } from './unsubscribe';
import { sweepVerdicts } from '../trades/service';

export { DEFAULT_DELIVERY, type DeliveryOptions } from './delivery';
export { ALERT_AUDIENCES, alertKind, previewSplitAlert } from './preview';
export type { UnsubscribeCheck } from './unsubscribe';
export type { PaymentFailedPayload } from './account-notice-rules';

/**
 * The notification engine: events → deliveries (in the caller's transaction) → adapters, with retries.
 * Each use case is its own file, `(deps, input)`; this binds them to one context.
 */
export function notificationsService(ctx: AppContext) {
  const repo = notificationsRepo(ctx.database.db);
  const deps: NotificationDeps = { db: ctx.database.db, repo, clock: () => ctx.clock() };
  const { unsubscribeUrl, readUnsubscribeToken, unsubscribe } = unsubscribeLinks(ctx, repo);
  const raise = (tx: Db, key: string, kind: EventKind, payload: Record<string, unknown>, opts: RaiseOptions = {}) =>
    raiseEvent(deps, { tx, key, kind, payload, opts });
  const { deliverBatch: deliverClaimed } = deliveries(ctx, repo, unsubscribeUrl);

  /** Expands pending fan-outs a little, then claims one batch and delivers it (delivery.ts). */
  async function deliverBatch(opts: DeliveryOptions = DEFAULT_DELIVERY): Promise<number> {
    const expanded = await expandFanouts(deps, { maxChunks: 2 });
    const n = await deliverClaimed(opts);
    return n === 0 && expanded > 0 ? deliverBatch(opts) : n;
  }

  return {
    notifier: splitNotifier({
      repo,
      raise: (input) => raiseEvent(deps, input),
      clock: deps.clock,
      graceSeconds: ctx.config.ALERT_GRACE_SECONDS,
      db: ctx.database.db,
      appUrl: ctx.config.appUrl,
      upward: ctx.upward,
    }),
    raise,
    /** One member's own account notice (a failed payment), in `tx`; once per key. */
    raiseMemberNotice: (input: MemberNoticeInput) => raiseMemberNotice(deps, input),
    expandFanouts: (opts: { chunkSize?: number; maxChunks?: number } = {}) => expandFanouts(deps, opts),
    buyReminders: (date: string, which: 'open' | 'close' = 'open') => buyReminders(deps, { date, which }),
    sellReminders: (date: string) => sellReminders(deps, { date }),
    deliverBatch,
    /** Queue depth and the age of the oldest due delivery (readiness and metrics). */
    queueStats: () => repo.queueStats(ctx.clock()),
    sendToday: (actorId: string | null = null) => sendToday(deps, { actorId }),
    todayReminders: () => todayReminders(deps),
    runSchedules: (now: Date = ctx.clock()) => runSchedules(deps, { now }),
    /** Split verdicts no trade write recorded (decision 044): the worker runs it with the schedules. */
    sweepVerdicts: () => sweepVerdicts(ctx),
    queueAdminSms: (tx: Db, commId: string, message: string, audience: 'All' | 'Pro') =>
      queueAdminSms(deps, { tx, commId, message, audience }),
    raiseAnnouncement: (tx: Db, key: string, kind: 'general' | 'newsletter', payload: { subject: string; message: string }) =>
      raiseAnnouncement(deps, { tx, key, kind, payload }),
    /** Who an event of `kind` would reach now (the fan-out's own conditions). */
    audience: (kind: EventKind, proOnlyAudience?: boolean) => repo.audience(ctx.database.db, kind, proOnlyAudience),
    deliveries: (status?: string) => listDeliveries(deps, { status }),
    retry: (id: string, actorId: string | null = null) => retryDelivery(deps, { id, actorId }),
    /** The GET confirmation page: what the link would turn off. Changes nothing (mail scanners prefetch links). */
    checkUnsubscribe: readUnsubscribeToken,
    /** One-click unsubscribe (POST): turns the link's category off for its member, once (decision 039). */
    unsubscribe,
    unsubscribeUrl,
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
