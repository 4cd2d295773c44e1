import { type IssuerClawback, type SplitRisk } from '@roundup/shared';
import type { UpwardReads } from '../../context';
import type { Db } from '../../db/client';
import { clawbacksRepo } from './clawbacks-repo';
import { issuerSplitsIndex, sameIssuer, type PastSplitFacts } from './issuer-history-rules';
import { splitRisk } from './risk-rules';
import type { StoredSplit } from './repo';

export interface IssuerRiskDeps {
  db: Db;
  upward: Pick<UpwardReads, 'splitsWithClawedBackShares'>;
  /** The recorded clawbacks (the repo's by default; a test passes its own). */
  clawbacks?: (db: Db) => Promise<IssuerClawback[]>;
}

/**
 * Each split's issuer risk (decision 045), for the rows one list answers: the recorded clawbacks and
 * the splits members saw clawed back are read once, then every row is a few map reads and the pure
 * rules (risk-rules.ts). `past` holds the completed splits the issuer history reads.
 */
export async function issuerRiskIndex(
  deps: IssuerRiskDeps,
  past: readonly PastSplitFacts[],
): Promise<(s: StoredSplit, facts: PastSplitFacts) => SplitRisk> {
  const [records, clawedBack] = await Promise.all([
    (deps.clawbacks ?? ((db: Db) => clawbacksRepo(db).list()))(deps.db),
    deps.upward.splitsWithClawedBackShares(deps.db),
  ]);
  const earlier = issuerSplitsIndex(past);
  return (s, facts) => {
    const before = earlier(facts);
    return splitRisk({
      exchange: s.exchange,
      effDate: s.effDate,
      acceptedAt: s.filing.acceptedAt,
      ratio: s.ratio,
      price: s.price,
      rsType: s.rsType,
      participant: s.participant ?? false,
      source: s.source,
      history: before.map((b) => ({ date: b.effDate, ratio: b.ratio })),
      clawbacks: records.filter((r) => sameIssuer(facts, r)),
      memberClawbacks: before.filter((b) => clawedBack.has(b.id)).map((b) => ({ effDate: b.effDate, source: b.source ?? null })),
    });
  };
}
