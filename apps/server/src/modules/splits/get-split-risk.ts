import type { SplitRisk } from '@roundup/shared';
import { pastFacts } from './add-pro-facts';
import { issuerRiskIndex, type IssuerRiskDeps } from './issuer-risk';
import { splitsRepo, type StoredSplit } from './repo';

/**
 * One split's issuer risk (decision 045), for a Pro alert about it: the same rules and reads as the
 * rows Pro members see. Null when the split is gone.
 */
export async function getSplitRisk(deps: IssuerRiskDeps, input: { splitId: string }): Promise<SplitRisk | null> {
  const s = await splitsRepo(deps.db).byId(input.splitId);
  return s ? riskOfSplit(deps, s) : null;
}

/** The risk a split carries with these terms: a stored one, or one as the admin is about to save it. */
export async function riskOfSplit(deps: IssuerRiskDeps, s: StoredSplit): Promise<SplitRisk> {
  const past = (await splitsRepo(deps.db).list(['Complete'])).filter((c) => !c.archived).map(pastFacts);
  return (await issuerRiskIndex(deps, past))(s, pastFacts(s));
}
