import type { Notifications } from '@roundup/shared';
import type { AppContext } from '../../context';
import type { ClaimedDelivery, NotificationsRepo } from './repo';
import { deliverOne } from './deliver-one';
import { DEFAULT_DELIVERY, type DeliveryDeps, type DeliveryOptions } from './delivery-deps';
import { leaseHeartbeat } from './lease-heartbeat';
import { pushDelivery } from './push-delivery';
import { recheckDeliveries } from './recheck-deliveries';
import { sendDelivery } from './send-delivery';
import { sentMarker } from './sent-marker';

export { DEFAULT_DELIVERY, type DeliveryOptions } from './delivery-deps';
export { deliveryMessageId } from './send-delivery';

/**
 * Claims one batch and delivers it with `concurrency` sends at a time. Each delivery is marked
 * sent as soon as its own send resolves, and a sender takes its next delivery only once that mark
 * is written: a crash re-sends at most the `concurrency` sends in flight. A heartbeat renews the
 * batch's leases meanwhile, so a short lease (15 s by default) only lapses when the worker is gone.
 * Returns how many deliveries were processed.
 */
export async function deliverBatch(deps: DeliveryDeps, opts: DeliveryOptions = DEFAULT_DELIVERY): Promise<number> {
  const { ctx, repo } = deps;
  const claimed = await repo.claim(ctx.clock(), opts.batchSize, opts.leaseMs);
  if (claimed.length === 0) return 0;
  const held = new Map(claimed.map((d) => [d.id, d.attempts]));
  const heartbeat = leaseHeartbeat(deps, { held, leaseMs: opts.leaseMs });
  try {
    const batch = await recheckDeliveries(deps, { claimed, now: ctx.clock() });
    const ready = new Set(batch.map((d) => d.id));
    for (const d of claimed) if (!ready.has(d.id)) held.delete(d.id);

    const markSent = sentMarker(deps);
    let next = 0;
    let failure: { err: unknown } | null = null;
    const sender = async () => {
      while (!failure && next < batch.length) {
        const d = batch[next++];
        // Lost to another worker (see leaseHeartbeat): that worker sends it.
        if (!held.has(d.id)) continue;
        try {
          await deliverOne(deps, { d, opts, markSent });
        } catch (err) {
          // The outcome could not be recorded (database unreachable): stop taking new ones; the
          // lease returns the rest to the queue.
          failure ??= { err };
        } finally {
          held.delete(d.id);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(opts.concurrency, batch.length) }, sender));
    if (failure) throw (failure as { err: unknown }).err;
  } finally {
    await heartbeat.stop();
  }
  return claimed.length;
}

/**
 * Sending what is queued (decision 005): claim a batch, re-check each message against the member
 * and the splits as they are now, send through the channel's adapter, record the outcome. Each
 * step is its own file; this binds them to one context.
 */
export function deliveries(
  ctx: AppContext,
  repo: NotificationsRepo,
  unsubscribeUrl: (userId: string, pref: keyof Notifications) => string,
) {
  const deps: DeliveryDeps = { ctx, repo, push: pushDelivery(ctx), unsubscribeUrl };
  return {
    deliverBatch: (opts: DeliveryOptions = DEFAULT_DELIVERY) => deliverBatch(deps, opts),
    recheck: (claimed: ClaimedDelivery[], now: Date) => recheckDeliveries(deps, { claimed, now }),
    send: (d: ClaimedDelivery) => sendDelivery(deps, d),
  };
}
