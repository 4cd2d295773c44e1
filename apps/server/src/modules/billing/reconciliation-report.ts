import type { BillingReconciliationResponse } from '@roundup/shared';
import type { Db } from '../../db/client';
import { memberRecords } from '../users/queries';
import { secs } from './apply-plan';
import { flagStore } from './flags-repo';

/** The admin page's report: the latest daily runs, the open flags first, then the latest fixes and resolutions. */
export async function reconciliationReport(db: Db): Promise<BillingReconciliationResponse> {
  const store = flagStore(db);
  const [runs, flags] = await Promise.all([store.latestRuns(14), store.recent(100)]);
  const names = await memberRecords(db).usernames(flags.map((f) => f.userId));
  return {
    runs: runs.map((r) => ({
      day: r.day,
      started: secs(r.startedAt),
      finished: r.finishedAt ? secs(r.finishedAt) : null,
      checked: r.checked,
      fixed: r.fixed,
      flagged: r.flagged,
      error: r.error,
    })),
    flags: flags.map((f) => ({
      id: f.id,
      kind: f.kind,
      user_id: f.userId,
      username: (f.userId && names.get(f.userId)) || null,
      object_id: f.objectId,
      price_id: f.priceId,
      detail: f.detail,
      created: secs(f.createdAt),
      last_seen: secs(f.lastSeenAt),
      resolved: f.resolvedAt ? secs(f.resolvedAt) : null,
    })),
  };
}
