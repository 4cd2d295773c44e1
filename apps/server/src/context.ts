import type { FastifyBaseLogger } from 'fastify';
import type { DiscordSender } from './adapters/discord';
import type { Mailer } from './adapters/mail';
import type { PushSender } from './adapters/push';
import type { TextSender } from './adapters/sms';
import type { Database, Db } from './db/client';
import type { AppConfig } from './env';
import type { Limiter } from './lib/limiter';
import type { RedisLink } from './lib/redis';
import type { SessionCache } from './http/session-cache';

/**
 * Everything with a side effect, passed in (product.md#boundaries), so a test builds the
 * whole app with buildApp({ database, ... }).
 */
/** Domain events other modules raise; the notifications module implements it (no-op by default). */
export interface Notifier {
  /**
   * A split was added, edited or deleted. `tx` is the transaction that wrote the change, so the
   * jobs it causes commit (or roll back) with it.
   */
  splitChanged(
    tx: Db,
    event: {
      splitId: string;
      kind: 'added' | 'updated' | 'deleted';
      previousStatus: string | null;
      status: string | null;
      /** What an edit changed (`{ field: { from, to } }`): a new date or ratio alerts the members holding the split. */
      changes?: Record<string, { from: unknown; to: unknown }>;
    },
  ): Promise<void>;
  /**
   * A second source confirmed an Upcoming split for the first time (issue 25 §2): its holders hear
   * "Confirmed by the exchange" once. Raised in the transaction that recorded the confirmation.
   */
  splitConfirmed?(tx: Db, event: { splitId: string }): Promise<void>;
}

export const noopNotifier: Notifier = { splitChanged: async () => undefined };

export interface AppContext {
  database: Database;
  config: AppConfig;
  mailer: Mailer;
  limiter: Limiter;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Redis for counters shared between processes, with its health (lib/redis.ts); absent without REDIS_URL. */
  redis?: RedisLink;
  notifier: Notifier;
  /** Resolved sessions; call invalidateUser after changing a user's role, tier or access. */
  sessions: SessionCache;
  /** SMS, WhatsApp and Discord adapters (real, or the local outbox when keys are absent). */
  sms: TextSender;
  whatsapp: TextSender;
  discord: DiscordSender;
  /** Web push to members' browsers (decision 026). */
  push: PushSender;
}
