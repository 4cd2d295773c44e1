import type { AccountGroup, EditAccountGroupRequest } from '@roundup/shared';
import { withRetry } from '../../db/retry';
import { conflict } from '../../http/app-error';
import { inGroupLock } from './groups-repo';
import { requireGroup, requireOwnAccounts, type GroupDeps } from './group-access';

/**
 * POST /api/accounts/groups/edit: renames the group and/or replaces its accounts
 * (in the order given); fields not sent keep their values.
 */
export function editGroup(deps: GroupDeps, input: EditAccountGroupRequest & { userId: string }): Promise<AccountGroup> {
  const { userId, id, name, accountIds } = input;
  return withRetry(() =>
    inGroupLock(deps.db, userId, async (repo) => {
      const group = await requireGroup(repo, userId, id);
      if (accountIds) await requireOwnAccounts(repo, userId, accountIds);
      if (name !== undefined && name !== group.name) {
        const other = await repo.findByName(userId, name);
        if (other && other._id !== id) throw conflict(`You already have a group named "${other.name}"`);
        await repo.rename(id, name);
      }
      if (accountIds) await repo.setMembers(id, accountIds);
      return { _id: id, name: name ?? group.name, accountIds: accountIds ?? group.accountIds };
    }),
  );
}
