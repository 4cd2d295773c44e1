import { z } from 'zod';
import { uuidId } from './input';

/** Named groups of the member's own accounts (/api/accounts/groups*). */
export const GROUP_NAME_MAX = 50;
/** A group fits in one bulk save (product.md#limits: 1–200 accounts per request). */
export const GROUP_MAX_ACCOUNTS = 200;

export const accountGroupSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The group's accounts, in the order the member gave them. */
  accountIds: z.array(z.string()),
});
export type AccountGroup = z.infer<typeof accountGroupSchema>;

const groupName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(GROUP_NAME_MAX, `Name must be at most ${GROUP_NAME_MAX} characters`);

const groupAccountIds = z
  .array(uuidId('Account is not a valid id'), { error: 'accountIds must be a list of account ids' })
  .max(GROUP_MAX_ACCOUNTS, `A group holds at most ${GROUP_MAX_ACCOUNTS} accounts`)
  .refine((list) => new Set(list).size === list.length, 'An account is listed twice');

const groupId = uuidId('Group is not a valid id');

export const createAccountGroupRequest = z.object({ name: groupName, accountIds: groupAccountIds });
export type CreateAccountGroupRequest = z.infer<typeof createAccountGroupRequest>;
/** Absent fields keep their values; `accountIds` replaces the whole list, in its order. */
export const editAccountGroupRequest = z.object({
  id: groupId,
  name: groupName.optional(),
  accountIds: groupAccountIds.optional(),
});
export type EditAccountGroupRequest = z.infer<typeof editAccountGroupRequest>;
export const deleteAccountGroupRequest = z.object({ id: groupId });

export const accountGroupResponse = z.object({ group: accountGroupSchema });
export const accountGroupsResponse = z.object({ groups: z.array(accountGroupSchema) });
export type AccountGroupsResponse = z.infer<typeof accountGroupsResponse>;
