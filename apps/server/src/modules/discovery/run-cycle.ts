import { marketClock } from '@roundup/shared';
import type { AppContext } from '../../context';
import type { EdgarClient } from '../../adapters/edgar';
import { edgarPolls, edgarRequests } from '../../lib/metrics';
import type { filingFinder } from './find';
import { CYCLE_LEASE_MS, pollSlot, searchWindow } from './lifecycle-rules';
import { discoveryRepo } from './repo';
import { errorText } from './view';

export interface CycleResult {
  slot: string;
  found: number;
  processed: number;
  proposals: number;
  requests: number;
  error: string | null;
}

/** What a poll cycle touches: the clock, config, log and database, the EDGAR client, and the finder and reader built on it. */
export interface CycleDeps {
  ctx: Pick<AppContext, 'clock' | 'config' | 'log' | 'database'>;
  edgar: () => EdgarClient;
  find: ReturnType<typeof filingFinder>;
  processQueued: (slot: string | null) => Promise<{ processed: number; proposals: number }>;
  notifyAdmins: () => Promise<unknown>;
}

/**
 * One poll: claims the slot for now (once across replicas, never overlapping a running cycle),
 * searches the window since the last cycle, reads the current-filings feed, then fetches and
 * classifies every queued filing. Null when outside the poll window, or the slot is taken.
 */
export async function runCycle(deps: CycleDeps, input: { slot?: string }): Promise<CycleResult | null> {
  const { ctx, edgar } = deps;
  const { config } = ctx;
  const repo = discoveryRepo(ctx.database.db);
  const now = ctx.clock();
  const { date, minutes } = marketClock(now);
  const slot = input.slot ?? pollSlot(date, minutes, config.EDGAR_POLL_MINUTES, config.EDGAR_POLL_WINDOW);
  if (!slot || !(await repo.claimSlot(slot, now, CYCLE_LEASE_MS))) return null;
  const before = edgar().http.requests;
  const window = searchWindow(date, await repo.lastSearchedTo(), config.EDGAR_LOOKBACK_DAYS);
  const { found, searched, errors } = await deps.find(window);
  let result = { processed: 0, proposals: 0 };
  try {
    result = await deps.processQueued(slot);
    await deps.notifyAdmins();
  } catch (err) {
    errors.push(errorText(err));
    ctx.log.error({ err, slot }, 'discovery cycle failed');
  }
  const error = errors.length ? errors.join('; ').slice(0, 1000) : null;
  const requests = edgar().http.requests - before;
  edgarRequests.inc(requests);
  edgarPolls.inc({ outcome: error ? 'error' : 'ok' });
  await repo.finishSlot(slot, ctx.clock(), {
    found,
    ...result,
    requests,
    error,
    ...(searched ? { searchedFrom: window.from, searchedTo: window.to } : {}),
  });
  ctx.log.info({ slot, found, ...result, requests, error }, 'discovery cycle');
  return { slot, found, ...result, requests, error };
}
