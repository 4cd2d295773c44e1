import { deliveries as deliveryMetric } from '../../lib/metrics';
import type { ClaimedDelivery } from './delivery-repo';
import type { DeliveryDeps } from './delivery-deps';
import { DEVICE_REMOVED } from './push-delivery';
import { addressFor, ineligibility, splitIneligibility } from './rules';

/**
 * Re-checks each claimed delivery before it is sent, and marks those that must not go out skipped
 * with the reason:
 * - the splits it announces, as they are now (splitIneligibility): an alert, buy reminder or Discord
 *   post for a split moved back to Approved, archived or deleted since it was queued is not sent
 *   (sell reminders are about the member's own positions and still go out for archived splits), and a
 *   buy reminder whose splits are all past their buy-by deadline is not sent;
 * - its member, with the fan-out's own rule: preference or channel turned off, unsubscribed, no
 *   longer Pro, disabled, phone removed or not validated. The others go to the member's current address.
 */
export async function recheckDeliveries(
  { ctx, repo, push }: DeliveryDeps,
  { claimed, now }: { claimed: ClaimedDelivery[]; now: Date },
): Promise<ClaimedDelivery[]> {
  const skipped: { id: string; reason: string }[] = [];
  const ready: ClaimedDelivery[] = [];
  const devices = await push.devicesOf(claimed);
  for (const d of claimed) {
    const splitReason = splitIneligibility(d.kind, d.splits, now);
    if (splitReason) {
      skipped.push({ id: d.id, reason: splitReason });
      continue;
    }
    if (!d.member || d.channel === 'discord') {
      ready.push(d);
      continue;
    }
    const device = d.channel === 'push' ? devices.get(d.recipient) : undefined;
    const reason =
      ineligibility(d.member, d.kind, d.channel, { proOnlyAudience: d.pro_only }) ??
      (d.channel === 'push' && !device ? DEVICE_REMOVED : null);
    if (reason) skipped.push({ id: d.id, reason });
    else ready.push({ ...d, device, recipient: addressFor(d.member, d.channel) ?? d.recipient });
  }
  if (skipped.length > 0) {
    await repo.markSkipped(skipped, now);
    for (const d of claimed)
      if (!ready.some((r) => r.id === d.id)) deliveryMetric.inc({ channel: d.channel, outcome: 'skipped' });
    ctx.log.info({ skipped: skipped.length }, 'deliveries skipped: member or split no longer eligible');
  }
  return ready;
}
