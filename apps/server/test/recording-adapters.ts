import type { DiscordSender } from '../src/adapters/discord';
import type { MailMessage, Mailer } from '../src/adapters/mail';
import type { TextSender } from '../src/adapters/sms';
import type { AppContext } from '../src/context';
import { notificationsService } from '../src/modules/notifications/service';

/**
 * Email, SMS, WhatsApp and Discord adapters that record what the app sends (for tests of the
 * notification engine's rules; the real adapters are tested against local protocol peers).
 * `failNext(n)` makes the next n sends of any channel throw, as a provider outage would.
 */
export function recordingAdapters() {
  const mails: MailMessage[] = [];
  const texts: { channel: string; to: string; body: string }[] = [];
  const discords: string[] = [];
  let failures = 0;
  const maybeFail = () => {
    if (failures > 0) {
      failures -= 1;
      throw new Error('provider down');
    }
  };
  const mailer: Mailer = {
    kind: 'outbox',
    async send(m) {
      maybeFail();
      mails.push(m);
      return { id: `mail-${mails.length}` };
    },
  };
  const text = (channel: 'sms' | 'whatsapp'): TextSender => ({
    kind: 'outbox',
    channel,
    async send(m) {
      maybeFail();
      texts.push({ channel, ...m });
      return { id: `${channel}-${texts.length}` };
    },
  });
  const discord: DiscordSender = {
    kind: 'outbox',
    async send(m) {
      discords.push(m.content);
      return { id: `d-${discords.length}` };
    },
  };
  return {
    mails,
    texts,
    discords,
    failNext: (n: number) => {
      failures = n;
    },
    /** The adapters, as createTestApp takes them. */
    adapters: { mailer, sms: text('sms'), whatsapp: text('whatsapp'), discord },
  };
}

/** Small batches, no backoff: what the worker tests run with. */
export const FAST_DELIVERY = { batchSize: 50, concurrency: 5, leaseMs: 60_000, backoffBaseMs: 0, maxAttempts: 3 };

/** Runs the notification worker until nothing is due; returns how many deliveries it claimed. */
export async function drainDeliveries(ctx: AppContext): Promise<number> {
  const s = notificationsService(ctx);
  let n = 0;
  for (;;) {
    const k = await s.deliverBatch(FAST_DELIVERY);
    if (k === 0) return n;
    n += k;
  }
}
