import type { Split, SplitView } from '@roundup/shared';
import type { UpwardReads } from '../../context';
import { issuerHistoryIndex, type PastSplitFacts } from './issuer-history-rules';
import { issuerRiskIndex, type IssuerRiskDeps } from './issuer-risk';
import { postSplitOf } from './post-split-rules';
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
  source: s.source,
});

/**
 * What only Pro members and admins see on a whole split row: what a second source says
 * (`confirmation`), what the filing said (`evidence`: the deciding sentence, the filing link, its
 * acceptance time), the issuer's earlier splits (`history`), the symbol to sell after the split
 * (`postSplit`, from what the second sources listed), the issuer's risk (`risk`, decision 045) and what
 * members report per broker (`verdicts`, decision 044). Everyone else's rows, and every masked row, are
 * answered as they are: nothing is added.
 * `stored` holds the rows as stored (their filing facts); `candidates` the splits the history reads.
 * `risk: false` and `verdicts: false` leave those out (the iCal feed never carries them).
 */
export async function addProFacts<T extends SplitView>(
  deps: IssuerRiskDeps & { upward: Pick<UpwardReads, 'confirmationsFor' | 'splitsWithClawedBackShares' | 'verdictsFor'> },
  input: {
    viewer: Viewer;
    rows: T[];
    stored: readonly StoredSplit[];
    candidates: readonly StoredSplit[];
    risk?: false;
    verdicts?: false;
  },
): Promise<T[]> {
  if (!seesEverything(input.viewer)) return input.rows;
  const full = input.rows.filter((r): r is T & Split => !r.masked);
  const past = input.candidates.filter((c) => c.status === 'Complete' && !c.archived).map(pastFacts);
  const [confirmation, risk, verdicts] = await Promise.all([
    deps.upward.confirmationsFor(deps.db, full),
    input.risk === false ? null : issuerRiskIndex(deps, past),
    input.verdicts === false
      ? null
      : deps.upward.verdictsFor(
          deps.db,
          full.map((r) => r._id),
        ),
  ]);
  const byId = new Map(input.stored.map((s) => [s._id, s]));
  const history = issuerHistoryIndex(past);
  return input.rows.map((r) => {
    if (r.masked) return r;
    const s = byId.get(r._id);
    const facts = s ? pastFacts(s) : null;
    const confirmed = confirmation.get(r._id);
    return {
      ...r,
      confirmation: confirmed,
      postSplit: postSplitOf(
        r.ticker,
        confirmed?.sources.map((c) => ({ ...c, newSymbol: c.newSymbol ?? null, cusip: c.cusip ?? null })) ?? [],
      ),
      evidence: {
        sentence: s?.filing.sentence ?? null,
        filingUrl: r.source,
        acceptedAt: s?.filing.acceptedAt ?? null,
      },
      history: facts ? history(facts) : [],
      ...(risk && s && facts ? { risk: risk(s, facts) } : {}),
      ...(verdicts ? { verdicts: verdicts.get(r._id) ?? [] } : {}),
    };
  });
}
