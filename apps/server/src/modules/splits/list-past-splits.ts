import { addDays, type PastSplit } from '@roundup/shared';
import { splitsToday, type SplitsDeps } from './deps';
import { splitsRepo } from './repo';
import { splitAccess } from './rules';

/** Public: Complete Round Up splits a visitor may see, newest first (the landing page shows the first 6). */
export async function listPastSplits(deps: Pick<SplitsDeps, 'db' | 'clock'>, input: { limit: number }): Promise<PastSplit[]> {
  const day = splitsToday(deps);
  // The SQL already keeps to what a visitor may see (bought by yesterday); the rule has the last word.
  const rows = await splitsRepo(deps.db).pastRoundUps(input.limit, addDays(day, -1));
  return rows
    .filter((s) => splitAccess(null, s, day) === 'full')
    .map((p) => ({
      _id: p._id,
      name: p.name,
      rsType: p.rsType,
      ticker: p.ticker,
      effDate: p.effDate,
      ratio: p.ratio,
      price: p.price,
      avgProfit: p.avgProfit,
    }));
}
