import { deliveries as deliveryMetric } from '../../lib/metrics';
import type { ClaimedDelivery } from './delivery-repo';
import type { DeliveryDeps, DeliveryOptions } from './delivery-deps';
import { backoffMs } from './rules';
import { sendDelivery } from './send-delivery';
import type { SentDelivery } from './sent-marker';

/**
 * Sends one delivery and records its outcome: sent (through `markSent`, see sent-marker.ts),
 * skipped when its push device is gone, or failed (queued again after a backoff, or for good
 * after maxAttempts). Throws only when the outcome could not be recorded.
 */
export async function deliverOne(
  deps: DeliveryDeps,
  input: { d: ClaimedDelivery; opts: DeliveryOptions; markSent: (done: SentDelivery) => Promise<void> },
): Promise<void> {
  const { ctx, repo, push } = deps;
  const { d, opts } = input;
  let providerId: string;
  try {
    providerId = await sendDelivery(deps, d);
  } catch (reason) {
    const gone = await push.gone(d, reason);
    if (gone) {
      deliveryMetric.inc({ channel: d.channel, outcome: 'skipped' });
      await repo.markSkipped([{ id: d.id, reason: gone }], ctx.clock());
      return;
    }
    deliveryMetric.inc({ channel: d.channel, outcome: 'failed' });
    const error = reason instanceof Error ? reason.message : String(reason);
    const now = ctx.clock();
    const retryAt = d.attempts < opts.maxAttempts ? new Date(now.getTime() + backoffMs(d.attempts, opts.backoffBaseMs)) : null;
    ctx.log.warn(
      { delivery: d.id, channel: d.channel, attempt: d.attempts, error },
      retryAt ? 'delivery failed; will retry' : 'delivery failed',
    );
    await repo.markFailed(d.id, d.attempts, error, now, retryAt);
    return;
  }
  deliveryMetric.inc({ channel: d.channel, outcome: 'sent' });
  await input.markSent({ id: d.id, providerId, recipient: d.recipient });
}
