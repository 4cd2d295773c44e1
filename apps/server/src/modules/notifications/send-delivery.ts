import type { ClaimedDelivery } from './delivery-repo';
import type { DeliveryDeps } from './delivery-deps';
import { PLANS } from './rules';
import { render } from './templates';

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

/** Sends one claimed delivery through its adapter; returns the provider's id. */
export async function sendDelivery({ ctx, push, unsubscribeUrl }: DeliveryDeps, d: ClaimedDelivery): Promise<string> {
  const plan = PLANS[d.kind];
  const unsub = d.user_id && plan.unsubscribe && d.channel === 'email' ? unsubscribeUrl(d.user_id, plan.unsubscribe) : undefined;
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
