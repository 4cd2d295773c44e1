import type { Split, SplitView } from '@roundup/shared';
import type { UpwardReads } from '../../context';
import type { Db } from '../../db/client';
import { issuerHistoryIndex, type PastSplitFacts } from './issuer-history-rules';
import type { StoredSplit } from './repo';
import { seesEverything, type Viewer } from './rules';

/** A stored split as the issuer history compares it. */
export const pastFacts = (s: StoredSplit): PastSplitFacts => ({
  id: s._id,
  cik: s.filing.cik,
  ticker: s.ticker,
  name: s.name,
  effDate: s.effDate,
  ratio: s.ratio,
  rsType: s.rsType,
  participant: s.participant,
  status: s.status,
});

/**
 * What only Pro members and admins see on a whole split row: what a second
 * source says (`confirmation`), what the filing said (`evidence`: the deciding sentence, the filing
 * link, its acceptance time), the issuer's earlier splits (`history`) and what members report per broker
 * (`verdicts`, decision 044; left off a calendar feed with `verdicts: false`). Everyone else's rows, and
 * every masked row, are answered as they are: nothing is added.
 * `stored` holds the rows as stored (their filing facts); `candidates` the splits the history reads.
 */
export async function addProFacts<T extends SplitView>(
  deps: { db: Db; upward: Pick<UpwardReads, 'confirmationsFor' | 'verdictsFor'> },
  input: { viewer: Viewer; rows: T[]; stored: readonly StoredSplit[]; candidates: readonly StoredSplit[]; verdicts?: false },
): Promise<T[]> {
  if (!seesEverything(input.viewer)) return input.rows;
  const full = input.rows.filter((r): r is T & Split => !r.masked);
  const confirmation = await deps.upward.confirmationsFor(deps.db, full);
  const verdicts =
    input.verdicts === false
      ? null
      : await deps.upward.verdictsFor(
          deps.db,
          full.map((r) => r._id),
        );
  const byId = new Map(input.stored.map((s) => [s._id, s]));
  const history = issuerHistoryIndex(input.candidates.filter((c) => c.status === 'Complete' && !c.archived).map(pastFacts));
  return input.rows.map((r) => {
    if (r.masked) return r;
    const s = byId.get(r._id);
    return {
      ...r,
      confirmation: confirmation.get(r._id),
      evidence: {
        sentence: s?.filing.sentence ?? null,
        filingUrl: r.source,
        acceptedAt: s?.filing.acceptedAt ?? null,
      },
      history: s ? history(pastFacts(s)) : [],
      ...(verdicts ? { verdicts: verdicts.get(r._id) ?? [] } : {}),
    };
  });
}
