import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { commissionLedger } from '../affiliates/service';
import type { Plan } from './gather';
import type { BillingEvent, TellPaymentFailed } from './notices';
import type { BillingRepo } from './repo';
import type { memberSync } from './member-sync';

// The shapes applyPlan and the refund writer share live here, in a leaf, so that neither file imports the other
// for its types.

export interface ApplyDeps {
  provider: string;
  log: FastifyBaseLogger;
  sync: ReturnType<typeof memberSync>;
  appUrl: string;
  /** Our configured price ids: anything else grants nothing. */
  prices: { pro: string | null; lifetime: string | null };
  /** Queues a failed payment's notice on the member's channels, in the plan's transaction (notifications). */
  tellPaymentFailed: (tx: Db, ...args: Parameters<TellPaymentFailed>) => Promise<unknown>;
}

/** One plan's writes in one transaction: the members it touched (each locked once) and what to tell them. */
export interface Unit {
  deps: ApplyDeps;
  r: BillingRepo;
  db: Db;
  ledger: ReturnType<typeof commissionLedger>;
  plan: Plan;
  now: Date;
  affected: Set<string>;
  /** Every write for a member happens under the lock on their row (two webhooks at once wait in turn). */
  touch(userId: string): Promise<void>;
  emit(userId: string, e: BillingEvent): void;
  /** Subscriptions and sessions for a price that is not ours: nothing of theirs is recorded. */
  foreign: Set<string>;
}
