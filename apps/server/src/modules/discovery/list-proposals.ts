import { todayInMarket, type DiscoveryList, type DiscoveryStatus } from '@roundup/shared';
import type { AppContext } from '../../context';
import { tradeFacts } from '../trades/queries';
import { discoveryRepo } from './repo';
import { toProposal } from './view';

const archivesOf = (url: string) => url.replace(/\/+$/, '');

/** The review queue: proposals (of one status, or all), the record of accepts and rejects, and the last poll. */
export async function listProposals(
  deps: { ctx: Pick<AppContext, 'clock' | 'config' | 'database'>; enabled: boolean },
  input: { status?: DiscoveryStatus },
): Promise<DiscoveryList> {
  const { ctx } = deps;
  const repo = discoveryRepo(ctx.database.db);
  const [rows, counts, last, called] = await Promise.all([
    repo.list(input.status),
    repo.counts(),
    repo.lastRun(),
    repo.acceptedRoundUpSplits().then((ids) => tradeFacts(ctx.database.db).outcomesForSplits(ids)),
  ]);
  const today = todayInMarket(ctx.clock());
  return {
    proposals: rows.map((p) => toProposal(p, p.acceptedAt, archivesOf(ctx.config.EDGAR_ARCHIVES_URL), today)),
    record: {
      accepted: counts.accepted ?? 0,
      rejected: counts.rejected ?? 0,
      open: counts.open ?? 0,
      roundUpOutcomes: called.recorded > 0 ? called : null,
    },
    lastRun: last
      ? {
          slot: last.slot,
          startedAt: last.startedAt.toISOString(),
          finishedAt: last.finishedAt?.toISOString() ?? null,
          found: last.found,
          processed: last.processed,
          proposals: last.proposals,
          error: last.error,
        }
      : null,
    enabled: deps.enabled,
  };
}
