import type { Notifications } from '@roundup/shared';
import type { AppContext } from '../../context';
import { deliveries as deliveryMetric } from '../../lib/metrics';
import type { ClaimedDelivery, NotificationsRepo } from './repo';
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
  leaseMs: 120_000,
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
      const reason = ineligibility(d.member, d.kind, d.channel, { proOnlyAudience: d.pro_only });
      if (reason) skipped.push({ id: d.id, reason });
      else ready.push({ ...d, recipient: addressFor(d.member, d.channel) ?? d.recipient });
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
    const msg = render(d.kind, d.payload, d.data, { appUrl: ctx.config.appUrl, unsubscribeUrl: unsub });
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
      case 'discord':
        return (
          await ctx.discord.send({
            content: `**${msg.subject}**\n${msg.text.split('\n\n')[0]}\n${ctx.config.appUrl}/reverse-splits`,
          })
        ).id;
    }
  }

  /**
   * Claims one batch and delivers it: `concurrency` at a time, each chunk's successes marked
   * sent before the next chunk starts (so a crash re-sends at most the chunk in flight).
   * Returns how many deliveries were processed.
   */
  async function deliverBatch(opts: DeliveryOptions = DEFAULT_DELIVERY): Promise<number> {
    const claimed = await repo.claim(ctx.clock(), opts.batchSize, opts.leaseMs);
    const batch = await recheck(claimed, ctx.clock());
    for (let i = 0; i < batch.length; i += opts.concurrency) {
      const chunk = batch.slice(i, i + opts.concurrency);
      const results = await Promise.allSettled(chunk.map((d) => send(d)));
      const done: { id: string; providerId: string; recipient: string }[] = [];
      const now = ctx.clock();
      for (let j = 0; j < chunk.length; j += 1) {
        const r = results[j];
        const d = chunk[j];
        deliveryMetric.inc({ channel: d.channel, outcome: r.status === 'fulfilled' ? 'sent' : 'failed' });
        if (r.status === 'fulfilled') done.push({ id: d.id, providerId: r.value, recipient: d.recipient });
        else {
          const error = r.reason instanceof Error ? r.reason.message : String(r.reason);
          const retryAt =
            d.attempts < opts.maxAttempts ? new Date(now.getTime() + backoffMs(d.attempts, opts.backoffBaseMs)) : null;
          ctx.log.warn(
            { delivery: d.id, channel: d.channel, attempt: d.attempts, error },
            retryAt ? 'delivery failed; will retry' : 'delivery failed',
          );
          await repo.markFailed(d.id, error, now, retryAt);
        }
      }
      await repo.markSent(done, now);
    }
    return claimed.length;
  }

  return { deliverBatch, recheck, send };
}
