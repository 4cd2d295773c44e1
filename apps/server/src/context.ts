import type { FastifyBaseLogger } from 'fastify';
import type { Confirmation, PeerBroker, SplitPreview, SplitRisk, SplitVerdict } from '@roundup/shared';
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
/** The facts of a split an alert is rendered from (the repo's SPLIT_FIELDS, which the sent alerts carry). */
export interface SplitAlertFacts {
  splitId: string;
  name: string;
  ticker: string | null;
  ratio: number | null;
  buyDate: string | null;
  effDate: string | null;
  price: number | null;
  estProfit: number | null;
  status: string;
  exchange: string | null;
  rsType: string;
  participant: boolean;
  caution?: boolean;
  /** What a second source says when the alert is raised (split-payload.ts `withConfirmation`). */
  confirmation?: string;
  /** The issuer's risk, only when a reason applies (decision 045): the alert says it. */
  risk?: SplitRisk;
}

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
  ): Promise<Date | null | void>;
  /**
   * Removes the split's alerts still inside their grace period (the admin's Undo); returns how many
   * events were removed. Returns the release time from splitChanged when alerts are held.
   */
  undoSplitAlerts?(tx: Db, splitId: string): Promise<number>;
  /**
   * The alert a save of `split` would raise (the rules splitChanged follows), rendered as the send
   * renders it, and how many members it reaches now; null when it raises none. Writes nothing: the
   * admin's split form shows it before saving.
   */
  previewSplitChange?(
    event: { previousStatus: string | null; status: string; changes: Record<string, { from: unknown; to: unknown }> },
    split: SplitAlertFacts,
  ): Promise<{ alert: NonNullable<SplitPreview['alert']>; recipients: number } | null>;
  /**
   * A second source confirmed an Upcoming split for the first time: its holders hear
   * "Confirmed by the exchange" once. Raised in the transaction that recorded the confirmation.
   */
  splitConfirmed?(tx: Db, event: { splitId: string }): Promise<void>;
  /**
   * An issuer on the deficiency watchlist filed for a reverse split: each member who followed its
   * entry hears of it once. Raised in the transaction that moved the entry on.
   */
  watchlistProposed?(
    tx: Db,
    event: { entryId: string; userIds: readonly string[]; name: string; ticker: string | null; stage: string; filingUrl: string },
  ): Promise<void>;
  /**
   * Three members reported the same outcome at one broker (decision 044): the members still pending there
   * hear it. Raised once per split, broker and outcome, in the transaction that recorded the verdict.
   */
  splitVerdict?(tx: Db, verdict: SplitVerdict & { splitId: string; ticker: string; name: string }): Promise<void>;
}

/** What the trades module measures per broker: members' recorded outcomes. */
export interface BrokerOutcomes {
  samples: number;
  members: number;
  received: number;
  medianDays: number | null;
}

/**
 * Reads a module needs from a module ranked above it (eslint/boundaries.js MODULE_ORDER): the lower
 * module names what it needs here, and app.ts wires in the owner's queries, so no import runs upward.
 */
export interface UpwardReads {
  /** How many trades a member has in each of their accounts (the trades module's, for the accounts list). */
  tradeCountsByAccount(db: Db, userId: string): Promise<Map<string, number>>;
  /** Members' recorded outcomes per broker id (the trades module's, for the brokers pages). */
  outcomesByBroker(db: Db): Promise<Map<string, BrokerOutcomes>>;
  /** How many trades members hold on a split (the trades module's; exact under the split's row lock). */
  tradeCountForSplit(db: Db, splitId: string): Promise<number>;
  /** The outcomes on one split per broker, counts only (the trades module's, for the split's peer outcomes). */
  outcomesOnSplitByBroker(db: Db, splitId: string): Promise<PeerBroker[]>;
  /** One member's cash-in-lieu trades on a split per broker name (the trades module's). */
  cashInLieuOf(db: Db, userId: string, splitId: string): Promise<{ broker: string; accounts: number }[]>;
  /** The splits on which members recorded shares clawed back by the issuer (the trades module's, for issuer risk). */
  splitsWithClawedBackShares(db: Db): Promise<Set<string>>;
  /** Each split's verdicts per broker (the trades module's, for the rows a Pro member or an admin sees; decision 044). */
  verdictsFor(db: Db, splitIds: readonly string[]): Promise<Map<string, SplitVerdict[]>>;
  /** Which of these members' trades are open positions (the analytics module's, for trades' progress and To do). */
  openTradeIds(db: Db, userIds: readonly string[]): Promise<Set<string>>;
  /** Each split's `confirmation` (the confirmations module's, for the rows a Pro member or an admin sees). */
  confirmationsFor(
    db: Db,
    splits: readonly { _id: string; ratio: number; effDate: string }[],
  ): Promise<Map<string, Confirmation>>;
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
  /** Reads from modules ranked above the caller, wired by app.ts (eslint/boundaries.js MODULE_ORDER). */
  upward: UpwardReads;
  /** Resolved sessions; call invalidateUser after changing a user's role, tier or access. */
  sessions: SessionCache;
  /** SMS, WhatsApp and Discord adapters (real, or the local outbox when keys are absent). */
  sms: TextSender;
  whatsapp: TextSender;
  discord: DiscordSender;
  /** Web push to members' browsers (decision 026). */
  push: PushSender;
}
