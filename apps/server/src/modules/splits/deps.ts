import { todayInMarket, type Split, type SplitInput } from '@roundup/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { SplitsLive } from './live';
import type { FilingFacts, SplitValues } from './repo';
import { estProfitFor } from './rules';

/** What the splits use cases touch: built once in app.ts (splitsService), or with fakes in a test. */
export interface SplitsDeps {
  db: Db;
  clock: () => Date;
  config: Pick<AppContext['config'], 'tokenPepper' | 'appUrl'>;
  notifier: AppContext['notifier'];
  upward: AppContext['upward'];
  live: Pick<SplitsLive, 'emitLocal'>;
}

/** Work a caller does in a split's write transaction: it commits or rolls back with the split. */
export type Alongside = (tx: Db, splitId: string) => Promise<void>;

/** What an add or edit writes: the terms, who wrote them, work done alongside and the filing they came from. */
export interface SplitWrite {
  split: SplitInput;
  actorId?: string | null;
  alongside?: Alongside;
  filing?: FilingFacts;
}

/** A saved split, and when its held alerts go out (null: none held). */
export interface SavedSplit {
  split: Split;
  alertsAt: string | null;
}

/** The release time splitChanged answers, as the API writes it. */
export const alertsAtOf = (at: Date | null | void): string | null => (at ? at.toISOString() : null);

/** The market day now. */
export const splitsToday = (deps: Pick<SplitsDeps, 'clock'>) => todayInMarket(deps.clock());

/**
 * The values to write: the estimated profit (derived when left empty or stale after a change of
 * terms, decision 025); the exchange when left out is unknown on add, kept on edit.
 */
export function splitValues(i: SplitInput, before: Split | null = null, filing?: FilingFacts): SplitValues {
  const exchange = i.exchange === undefined ? (before?.exchange ?? null) : i.exchange;
  const participant = i.participant ?? before?.participant ?? false;
  return { ...i, estProfit: estProfitFor(i, before), exchange, participant, filing };
}
