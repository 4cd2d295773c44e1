import twilio from 'twilio';
import type { Database } from '../../db/client';
import { schema } from '../../db/client';

export type TextChannel = 'sms' | 'whatsapp';

/** Sends a text message (SMS or WhatsApp) to an E.164 number. */
export interface TextSender {
  readonly kind: 'twilio' | 'outbox';
  readonly channel: TextChannel;
  send(message: { to: string; body: string }): Promise<{ id: string }>;
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** Sender: a number (+1555...) for SMS, the WhatsApp sender (+1555... or whatsapp:+1555...) for WhatsApp. */
  from: string;
  channel: TextChannel;
  /** A custom twilio RequestClient (tests point the real SDK at a local HTTP server). */
  httpClient?: unknown;
}

const wa = (n: string) => (n.startsWith('whatsapp:') ? n : `whatsapp:${n}`);

/** The real adapter: the `twilio` SDK's Messages API. */
export function twilioSender(opts: TwilioOptions): TextSender {
  const client = twilio(opts.accountSid, opts.authToken, opts.httpClient ? { httpClient: opts.httpClient as never } : {});
  return {
    kind: 'twilio',
    channel: opts.channel,
    async send(m) {
      const msg = await client.messages.create(
        opts.channel === 'whatsapp'
          ? { from: wa(opts.from), to: wa(m.to), body: m.body }
          : { from: opts.from, to: m.to, body: m.body },
      );
      return { id: msg.sid };
    },
  };
}

/**
 * Local stand-in: the message goes to the outbox table. The log line names the
 * recipient only — bodies (which may hold one-time codes) stay in the outbox.
 */
export function outboxTextSender(
  database: Database,
  channel: TextChannel,
  log: (msg: string) => void = () => undefined,
): TextSender {
  return {
    kind: 'outbox',
    channel,
    async send(m) {
      const [row] = await database.db
        .insert(schema.outbox)
        .values({ channel, recipient: m.to, subject: null, body: m.body })
        .returning({ id: schema.outbox.id });
      log(`[outbox] ${channel} to ${m.to}`);
      return { id: row.id };
    },
  };
}
