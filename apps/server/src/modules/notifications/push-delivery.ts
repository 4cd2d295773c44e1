import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { PushGoneError } from '../../adapters/push';
import type { ClaimedDelivery } from './delivery-repo';
import { pushRepo, type PushDeviceRow } from './push-repo';
import { pushMessage, PUSH_TTL_SECONDS } from './push-rules';
import { ineligibility, type Recipient } from './rules';
import type { Rendered } from './templates';

export const DEVICE_REMOVED = 'Push turned off on that device';

/**
 * The worker's side of the push channel (decision 026): a push delivery's recipient is its device's
 * id; the device is read with the batch (one query), a device removed since the message was queued
 * makes it skipped, and a push service's 404/410 removes the device.
 */
export function pushDelivery(ctx: AppContext) {
  const devices = pushRepo(ctx.database.db);
  return {
    /** The devices of the batch's push deliveries, by id (missing: turned off since it was queued). */
    async devicesOf(claimed: ClaimedDelivery[]): Promise<Map<string, PushDeviceRow>> {
      const ids = claimed.filter((d) => d.channel === 'push').map((d) => d.recipient);
      return new Map((await devices.byIds(ids)).map((x) => [x.id, x]));
    },

    /** Encrypts and sends one delivery to its device; returns the push service's message id. */
    async send(d: ClaimedDelivery, device: PushDeviceRow, rendered: Rendered): Promise<string> {
      const message = pushMessage(
        d.kind,
        rendered,
        d.payload,
        { role: d.member?.role ?? '' },
        {
          appUrl: ctx.config.appUrl,
          eventKey: d.idem_key.split(':').slice(0, -3).join(':') || d.kind,
        },
      );
      if (!message) throw new Error('Not a Pro member: split details are not sent');
      const { id } = await ctx.push.send(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(message),
        { ttlSeconds: PUSH_TTL_SECONDS },
      );
      await devices.markSent(device.id, ctx.clock());
      return id;
    },

    /** A 404/410: the browser subscription is gone; the device is removed and the delivery skipped. Null for other errors. */
    async gone(d: ClaimedDelivery, err: unknown): Promise<string | null> {
      if (!(err instanceof PushGoneError)) return null;
      await devices.removeGone(d.recipient);
      ctx.log.info({ delivery: d.id }, 'push subscription gone; device removed');
      return `Device gone (push service answered ${err.statusCode}); removed`;
    },
  };
}

/**
 * Sell reminders are materialised per member (their own positions): the push deliveries of one
 * reminder, one per device of each member who gets it.
 */
export async function pushSellReminders(
  tx: Db,
  input: { key: string; eventId: string; members: { userId: string; recipient: Recipient; data: unknown }[] },
) {
  // In the reminder's transaction (`tx`): embedded PGlite has one connection, which that transaction holds.
  const devices = await pushRepo(tx).ofUsers(input.members.map((m) => m.userId));
  return input.members.flatMap((m) =>
    ineligibility(m.recipient, 'sellReminder', 'push') !== null
      ? []
      : devices
          .filter((x) => x.user_id === m.userId)
          .map((x) => ({
            idemKey: `${input.key}:${m.userId}:push:${x.id}`,
            eventId: input.eventId,
            userId: m.userId,
            channel: 'push',
            recipient: x.id,
            data: m.data,
          })),
  );
}
