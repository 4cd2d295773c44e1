import { notFound } from '../../http/app-error';
import { groupsRepo } from './groups-repo';
import { GROUP_NOT_FOUND, type GroupDeps } from './group-access';

/** POST /api/accounts/groups/delete: the group goes; its accounts stay. */
export async function deleteGroup(deps: GroupDeps, input: { userId: string; id: string }): Promise<void> {
  if (!(await groupsRepo(deps.db).remove(input.userId, input.id))) throw notFound(GROUP_NOT_FOUND);
}
