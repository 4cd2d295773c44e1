import { addDays, marketClock, type ConfirmationSource } from '@roundup/shared';
import type { Notifier } from '../../context';
import type { ExchangeLists } from '../../adapters/exchange-lists';
import { signalSplitsChanged } from '../splits/queries';
import type { ConfirmationsRepo } from './repo';
import { matchSplit } from './rules';
import { settleSplit } from './settle-split';

export interface PollDeps {
  repo: ConfirmationsRepo;
  notifier: Notifier;
  lists: ExchangeLists;
  clock: () => Date;
}

export interface PollResult {
  entries: number;
  matched: number;
  changed: number;
  errors: string[];
}

/**
 * One read of every configured list: each reverse-split entry is matched to our split by ticker and
 * date (rules.ts), stored as that source's sighting, and the split settled (settle-split.ts), one
 * transaction per split. A list that fails (unreachable, malformed) stores nothing and is reported;
 * the other list still counts. A changed sighting signals the splits' change stream (lists refresh).
 */
export async function pollSources(deps: PollDeps): Promise<PollResult> {
  const now = deps.clock();
  const { entries, errors } = await deps.lists.read();
  const splits = await deps.repo.openSplits(addDays(marketClock(now).date, -7));
  let matched = 0;
  let changed = 0;
  for (const e of entries) {
    const split = matchSplit(e, splits);
    if (!split) continue;
    matched += 1;
    const moved = await deps.repo.transaction(async (tx) => {
      const kind = await deps.repo.upsertSighting(tx, split.id, e, now);
      if (kind !== 'same')
        await deps.repo.addEvent(tx, {
          splitId: split.id,
          at: now,
          kind: 'seen',
          source: e.source as ConfirmationSource,
          ratio: e.ratio,
          marketDate: e.marketDate,
        });
      await settleSplit(deps, { tx, splitId: split.id, now });
      if (kind !== 'same') await signalSplitsChanged(tx);
      return kind !== 'same';
    });
    if (moved) changed += 1;
  }
  return { entries: entries.length, matched, changed, errors: errors.map((e) => `${e.source}: ${e.message} (${e.url})`) };
}
