import type { AccountGroup, CreateAccountGroupRequest } from '@roundup/shared';
import { withRetry } from '../../db/retry';
import { conflict } from '../../http/app-error';
import { inGroupLock } from './groups-repo';
import { requireOwnAccounts, type GroupDeps } from './group-access';
import { sameAccountList } from './rules';

/**
 * POST /api/accounts/groups: a named group of the member's own accounts, in the
 * order given. The same request twice (a double click, two tabs) answers the group made by the
 * first; another group of that name is a 409.
 */
export function createGroup(deps: GroupDeps, input: CreateAccountGroupRequest & { userId: string }): Promise<AccountGroup> {
  const { userId, name, accountIds } = input;
  return withRetry(() =>
    inGroupLock(deps.db, userId, async (repo) => {
      await requireOwnAccounts(repo, userId, accountIds);
      const same = await repo.findByName(userId, name);
      if (same && sameAccountList(same.accountIds, accountIds)) return same;
      if (same) throw conflict(`You already have a group named "${same.name}"`);
      const id = await repo.insert(userId, name);
      await repo.setMembers(id, accountIds);
      return { _id: id, name, accountIds };
    }),
  );
}
