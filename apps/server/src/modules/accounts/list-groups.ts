import type { AccountGroup } from '@roundup/shared';
import { groupsRepo } from './groups-repo';
import { requireGroup, type GroupDeps } from './group-access';

/** GET /api/accounts/groups: the member's groups, oldest first. */
export function listGroups(deps: GroupDeps, input: { userId: string }): Promise<AccountGroup[]> {
  return groupsRepo(deps.db).list(input.userId);
}

/** A bulk save's `groupId`: the group's accounts in its order; another member's group is a 404. */
export async function groupAccountIds(deps: GroupDeps, input: { userId: string; groupId: string }): Promise<string[]> {
  return (await requireGroup(groupsRepo(deps.db), input.userId, input.groupId)).accountIds;
}
