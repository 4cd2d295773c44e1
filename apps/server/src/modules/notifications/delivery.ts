import type { Notifications } from '@roundup/shared';
import type { AppContext } from '../../context';
import { deliveries as deliveryMetric } from '../../lib/metrics';
import type { ClaimedDelivery, NotificationsRepo } from './repo';
import { DEVICE_REMOVED, pushDelivery } from './push-delivery';
import { addressFor, backoffMs, ineligibility, PLANS, splitIneligibility } from './rules';
import { render } from './templates';

export interface DeliveryOptions {
  batchSize: number;
  concurrency: number;
  leaseMs: number;
  backoffBaseMs: number;
  maxAttempts: number;
}

export const DEFAULT_DELIVERY: DeliveryOptions = {
  batchSize: 200,
  concurrency: 20,
  leaseMs: 15_000,
  backoffBaseMs: 30_000,
  maxAttempts: 5,
};

/**
 * The Message-ID of a delivery's email: made from its idempotency key (one per event, member and
 * channel), so every try of the same delivery carries the same id and a mail client folds a re-send
 * into the first copy. The key is percent-encoded (only letters, digits, `-` and `_` stay) into a
 * valid local part; the domain is APP_URL's host.
 */
export function deliveryMessageId(idemKey: string, appUrl: string): string {
  const local = Array.from(new TextEncoder().encode(idemKey), (b) => {
    const c = String.fromCharCode(b);
    return /[A-Za-z0-9_-]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
  let host = 'roundup.invalid';
  try {
    host = new URL(appUrl).hostname || host;
  } catch {
    // keep the fallback
  }
  return `<${local}@${host}>`;
}

/**
 * Sending what is queued (decision 005): claim a batch, re-check each message against the member
 * and the splits as they are now, send through the channel's adapter, record the outcome.
 */
export function deliveries(
  ctx: AppContext,
  repo: NotificationsRepo,
  unsubscribeUrl: (userId: string, pref: keyof Notifications) => string,
) {
  const push = pushDelivery(ctx);
  /**
   * Re-checks each claimed delivery before it is sent, and marks those that must not go out skipped
   * with the reason:
   * - the splits it announces, as they are now (splitIneligibility): an alert, buy reminder or Discord
   *   post for a split moved back to Approved, archived or deleted since it was queued is not sent
   *   (sell reminders are about the member's own positions and still go out for archived splits);
   * - its member, with the fan-out's own rule: preference or channel turned off, unsubscribed, no
   *   longer Pro, disabled, phone removed or not validated. The others go to the member's current address.
   */
  async function recheck(claimed: ClaimedDelivery[], now: Date): Promise<ClaimedDelivery[]> {
    const skipped: { id: string; reason: string }[] = [];
    const ready: ClaimedDelivery[] = [];
    const devices = await push.devicesOf(claimed);
    for (const d of claimed) {
      const splitReason = splitIneligibility(d.kind, d.splits);
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

  /** Sends one claimed delivery through its adapter; returns the provider's id. */
  async function send(d: ClaimedDelivery): Promise<string> {
    const plan = PLANS[d.kind];
    const unsub =
      d.user_id && plan.unsubscribe && d.channel === 'email' ? unsubscribeUrl(d.user_id, plan.unsubscribe) : undefined;
    const msg = render(d.kind, d.payload, d.data, {
      appUrl: ctx.config.appUrl,
      unsubscribeUrl: unsub,
      timeZone: d.member?.timeZone,
    });
    switch (d.channel) {
      case 'email': {
        const headers: Record<string, string> = { 'X-RoundUp-Delivery': d.idem_key };
        if (unsub) {
          headers['List-Unsubscribe'] = `<${unsub}>`;
          headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
        }
        const messageId = deliveryMessageId(d.idem_key, ctx.config.appUrl);
        return (
          await ctx.mailer.send({ to: d.recipient, subject: msg.subject, text: msg.text, html: msg.html, headers, messageId })
        ).id;
      }
      case 'sms':
        return (await ctx.sms.send({ to: d.recipient, body: msg.short })).id;
      case 'whatsapp':
        return (await ctx.whatsapp.send({ to: d.recipient, body: msg.short })).id;
      case 'push':
        return push.send(d, d.device!, msg);
      case 'discord':
        return (
          await ctx.discord.send({
            content: `**${msg.subject}**\n${msg.text.split('\n\n')[0]}\n${ctx.config.appUrl}/reverse-splits`,
          })
        ).id;
    }
  }

  /**
   * Keeps this worker's claims alive while it works through a batch (decision 005): every
   * leaseMs/3 it extends the lease of the deliveries it still holds (`held`: id → the attempts
   * value its claim set, the fencing token). A delivery whose claim was lost (its lease lapsed,
   * e.g. the process stalled, and another worker claimed it) is dropped from `held`, so this
   * worker does not start sending it.
   */
  function leaseHeartbeat(held: Map<string, number>, leaseMs: number) {
    const every = Math.max(100, Math.floor(leaseMs / 3));
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running: Promise<void> = Promise.resolve();
    const beat = async () => {
      const list = [...held].map(([id, attempts]) => ({ id, attempts }));
      if (list.length === 0) return;
      try {
        const kept = new Set(await repo.renewLeases(list, ctx.clock(), leaseMs));
        const lost = list.filter((d) => !kept.has(d.id) && held.get(d.id) === d.attempts);
        for (const d of lost) held.delete(d.id);
        if (lost.length > 0) ctx.log.warn({ lost: lost.length }, 'delivery leases lost to another worker; not sending those');
      } catch (err) {
        ctx.log.warn({ err }, 'delivery lease renewal failed; will try again');
      }
    };
    const schedule = () => {
      timer = setTimeout(() => {
        running = beat().finally(() => {
          if (!stopped) schedule();
        });
      }, every);
    };
    schedule();
    return {
      async stop() {
        stopped = true;
        clearTimeout(timer);
        await running;
      },
    };
  }

  /**
   * Marks deliveries sent as soon as their send resolves, grouping the marks that arrive while an
   * update is running into the next one (one statement per group, not per message).
   */
  function sentMarker() {
    type Done = { id: string; providerId: string; recipient: string };
    let pending: { done: Done; resolve: () => void; reject: (err: unknown) => void }[] = [];
    let flushing = false;
    const flush = async () => {
      flushing = true;
      while (pending.length > 0) {
        const group = pending;
        pending = [];
        try {
          await repo.markSent(
            group.map((g) => g.done),
            ctx.clock(),
          );
          for (const g of group) g.resolve();
        } catch (err) {
          for (const g of group) g.reject(err);
        }
      }
      flushing = false;
    };
    return (done: Done) =>
      new Promise<void>((resolve, reject) => {
        pending.push({ done, resolve, reject });
        if (!flushing) void flush();
      });
  }

  /**
   * Claims one batch and delivers it with `concurrency` sends at a time. Each delivery is marked
   * sent as soon as its own send resolves, and a sender takes its next delivery only once that mark
   * is written: a crash re-sends at most the `concurrency` sends in flight. A heartbeat renews the
   * batch's leases meanwhile, so a short lease (15 s by default) only lapses when the worker is gone.
   * Returns how many deliveries were processed.
   */
  async function deliverBatch(opts: DeliveryOptions = DEFAULT_DELIVERY): Promise<number> {
    const claimed = await repo.claim(ctx.clock(), opts.batchSize, opts.leaseMs);
    if (claimed.length === 0) return 0;
    const held = new Map(claimed.map((d) => [d.id, d.attempts]));
    const heartbeat = leaseHeartbeat(held, opts.leaseMs);
    try {
      const batch = await recheck(claimed, ctx.clock());
      const ready = new Set(batch.map((d) => d.id));
      for (const d of claimed) if (!ready.has(d.id)) held.delete(d.id);

      const markSent = sentMarker();
      let next = 0;
      let failure: { err: unknown } | null = null;
      const deliverOne = async (d: ClaimedDelivery) => {
        let providerId: string;
        try {
          providerId = await send(d);
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
          const retryAt =
            d.attempts < opts.maxAttempts ? new Date(now.getTime() + backoffMs(d.attempts, opts.backoffBaseMs)) : null;
          ctx.log.warn(
            { delivery: d.id, channel: d.channel, attempt: d.attempts, error },
            retryAt ? 'delivery failed; will retry' : 'delivery failed',
          );
          await repo.markFailed(d.id, d.attempts, error, now, retryAt);
          return;
        }
        deliveryMetric.inc({ channel: d.channel, outcome: 'sent' });
        await markSent({ id: d.id, providerId, recipient: d.recipient });
      };
      const sender = async () => {
        while (!failure && next < batch.length) {
          const d = batch[next++];
          // Lost to another worker (see leaseHeartbeat): that worker sends it.
          if (!held.has(d.id)) continue;
          try {
            await deliverOne(d);
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

  return { deliverBatch, recheck, send };
}
