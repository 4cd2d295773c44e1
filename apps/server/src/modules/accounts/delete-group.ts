import { notFound } from '../../http/app-error';
import { inGroupLock } from './groups-repo';
import { GROUP_NOT_FOUND, type GroupDeps } from './group-access';

/**
 * POST /api/accounts/groups/delete: the group goes; its accounts stay. In a transaction of its own, after the
 * member's other group changes, so a retry with its Idempotency-Key knows whether it committed.
 */
export async function deleteGroup(deps: GroupDeps, input: { userId: string; id: string }): Promise<void> {
  const removed = await inGroupLock(deps.db, input.userId, (repo) => repo.remove(input.userId, input.id));
  if (!removed) throw notFound(GROUP_NOT_FOUND);
}
