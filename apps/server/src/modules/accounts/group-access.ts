import type { AccountGroup } from '@roundup/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import type { GroupsRepo } from './groups-repo';
import { firstForeignAccount } from './rules';

/** What the account-group use cases need. */
export interface GroupDeps {
  db: Db;
}

export const GROUP_NOT_FOUND = 'Group not found';

/** Every id must be the member's account; the 404 names the first that is not. Locks them. */
export async function requireOwnAccounts(repo: GroupsRepo, userId: string, accountIds: readonly string[]) {
  const foreign = firstForeignAccount(await repo.lockOwnedAccounts(userId, accountIds), accountIds);
  if (foreign) throw notFound(`Account ${foreign} is not one of your accounts`);
}

/** The member's group, or 404 (another member's group id answers 404 too). */
export async function requireGroup(repo: GroupsRepo, userId: string, id: string): Promise<AccountGroup> {
  const group = await repo.find(userId, id);
  if (!group) throw notFound(GROUP_NOT_FOUND);
  return group;
}
