import type { Database } from '../../db/client';
import { schema } from '../../db/client';

/** Posts a message to the Discord channel of the community (DISCORD_WEBHOOK_URL). */
export interface DiscordSender {
  readonly kind: 'webhook' | 'outbox';
  send(message: { content: string }): Promise<{ id: string }>;
}

/** The real adapter: a Discord incoming webhook (`?wait=true` returns the message id). */
export function webhookDiscord(url: string, fetchImpl: typeof fetch = fetch): DiscordSender {
  const target = new URL(url);
  target.searchParams.set('wait', 'true');
  return {
    kind: 'webhook',
    async send(m) {
      const res = await fetchImpl(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: m.content.slice(0, 2000), allowed_mentions: { parse: [] } }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`Discord webhook answered ${res.status}`);
      const text = await res.text();
      let id = '';
      try {
        id = String((JSON.parse(text) as { id?: string }).id ?? '');
      } catch {
        id = '';
      }
      return { id: id || `discord-${Date.now()}` };
    },
  };
}

/** Local stand-in: the message goes to the outbox table. */
export function outboxDiscord(
  database: Database,
  log: (msg: string) => void = () => undefined,
  /** Which channel it stands in for: the community's ('discord') or the admins' ('discord-admin'). */
  recipient = 'discord',
): DiscordSender {
  return {
    kind: 'outbox',
    async send(m) {
      const [row] = await database.db
        .insert(schema.outbox)
        .values({ channel: 'discord', recipient, subject: null, body: m.content })
        .returning({ id: schema.outbox.id });
      log(`[outbox] ${recipient} message`);
      return { id: row.id };
    },
  };
}
