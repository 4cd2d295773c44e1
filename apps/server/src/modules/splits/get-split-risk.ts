import type { SplitRisk } from '@roundup/shared';
import { pastFacts } from './add-pro-facts';
import { issuerRiskIndex, type IssuerRiskDeps } from './issuer-risk';
import { splitsRepo } from './repo';

/**
 * One split's issuer risk (decision 045), for a Pro alert about it: the same rules and reads as the
 * rows Pro members see. Null when the split is gone.
 */
export async function getSplitRisk(deps: IssuerRiskDeps, input: { splitId: string }): Promise<SplitRisk | null> {
  const repo = splitsRepo(deps.db);
  const s = await repo.byId(input.splitId);
  if (!s) return null;
  const past = (await repo.list(['Complete'])).filter((c) => !c.archived).map(pastFacts);
  return (await issuerRiskIndex(deps, past))(s, pastFacts(s));
}
