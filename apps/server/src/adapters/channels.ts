import type { Database } from '../db/client';
import type { AppConfig } from '../env';
import { outboxDiscord, webhookDiscord, type DiscordSender } from './discord';
import { webPushSender, type PushSender } from './push';
import { outboxTextSender, twilioSender, type TextSender } from './sms';

/**
 * SMS, WhatsApp and Discord adapters: real when their keys are set, else the local outbox (product.md#running).
 * Web push is always real: its VAPID keys are ours (env.ts generates a pair when none is set), and each
 * browser names its own push service.
 */
export function channelAdapters(
  database: Database,
  config: AppConfig,
  log: (msg: string) => void = () => undefined,
): { sms: TextSender; whatsapp: TextSender; discord: DiscordSender; push: PushSender } {
  const twilioKeys =
    config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN
      ? { accountSid: config.TWILIO_ACCOUNT_SID, authToken: config.TWILIO_AUTH_TOKEN }
      : null;
  return {
    sms:
      twilioKeys && config.TWILIO_FROM
        ? twilioSender({ ...twilioKeys, from: config.TWILIO_FROM, channel: 'sms' })
        : outboxTextSender(database, 'sms', log),
    whatsapp:
      twilioKeys && (config.TWILIO_WHATSAPP_FROM ?? config.TWILIO_FROM)
        ? twilioSender({ ...twilioKeys, from: (config.TWILIO_WHATSAPP_FROM ?? config.TWILIO_FROM)!, channel: 'whatsapp' })
        : outboxTextSender(database, 'whatsapp', log),
    discord: config.DISCORD_WEBHOOK_URL ? webhookDiscord(config.DISCORD_WEBHOOK_URL) : outboxDiscord(database, log),
    push: webPushSender(config.vapid),
  };
}
