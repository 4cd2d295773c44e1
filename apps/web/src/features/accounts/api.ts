import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Account,
  AccountFields,
  AccountGroup,
  AccountGroupsResponse,
  AccountsResponse,
  AddAccountsRequest,
  CreateAccountGroupRequest,
  MyAccountsResponse,
} from '@roundup/shared';
import { api } from '../../lib/api-client';
import { accountGroupsKey, accountsKey } from '../../lib/my-accounts';

export { accountsKey, useAccountGroups, useMyAccounts } from '../../lib/my-accounts';

/** After each success the list is replaced by the list the server returns (product.md#states). */
function useReplaceList() {
  const qc = useQueryClient();
  return (accounts: Account[]) => {
    qc.setQueryData<MyAccountsResponse>(accountsKey, (old) => ({ brokers: old?.brokers ?? [], accounts }));
    void qc.invalidateQueries({ queryKey: ['analytics'] });
    // A deleted account leaves every group.
    void qc.invalidateQueries({ queryKey: accountGroupsKey });
  };
}

export function useAddAccount() {
  const replace = useReplaceList();
  return useMutation({
    mutationFn: (newAccount: AccountFields) => api.post<AccountsResponse>('/api/accounts/add', { newAccount }),
    onSuccess: (res) => replace(res.accounts),
  });
}

/** Several accounts at once. */
export function useAddAccounts() {
  const replace = useReplaceList();
  return useMutation({
    mutationFn: (input: AddAccountsRequest) => api.post<AccountsResponse>('/api/accounts/add-many', input),
    onSuccess: (res) => replace(res.accounts),
  });
}

export function useEditAccount() {
  const replace = useReplaceList();
  return useMutation({
    mutationFn: (newAccount: AccountFields & { _id: string }) => api.post<AccountsResponse>('/api/accounts/edit', { newAccount }),
    onSuccess: (res) => replace(res.accounts),
  });
}

export function useDeleteAccount() {
  const replace = useReplaceList();
  return useMutation({
    mutationFn: (id: string) => api.post<AccountsResponse>('/api/accounts/delete', { id }),
    onSuccess: (res) => replace(res.accounts),
  });
}

export function useReorderAccounts() {
  const replace = useReplaceList();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.post<AccountsResponse>('/api/accounts/reorder', { accounts: ids }),
    // The new order shows at once (product.md#states: "also saved locally in the list").
    onMutate: (ids) => {
      const prev = qc.getQueryData<MyAccountsResponse>(accountsKey);
      if (prev) {
        const byId = new Map(prev.accounts.map((a) => [a._id, a]));
        const next = ids.map((id) => byId.get(id)).filter((a): a is Account => Boolean(a));
        qc.setQueryData<MyAccountsResponse>(accountsKey, { ...prev, accounts: next });
      }
      return { prev };
    },
    onError: (_e, _ids, context) => {
      if (context?.prev) qc.setQueryData(accountsKey, context.prev);
    },
    onSuccess: (res) => replace(res.accounts),
  });
}

/** Create, rename or refill, and delete a group; the groups are read again after each. */
function useGroupsChanged() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: accountGroupsKey });
}

export function useSaveGroup() {
  const changed = useGroupsChanged();
  return useMutation({
    mutationFn: (input: CreateAccountGroupRequest & { id?: string }) =>
      input.id
        ? api.post<{ group: AccountGroup }>('/api/accounts/groups/edit', {
            id: input.id,
            name: input.name,
            accountIds: input.accountIds,
          })
        : api.post<{ group: AccountGroup }>('/api/accounts/groups', { name: input.name, accountIds: input.accountIds }),
    onSuccess: changed,
  });
}

export function useDeleteGroup() {
  const changed = useGroupsChanged();
  return useMutation({
    mutationFn: (id: string) => api.post<AccountGroupsResponse>('/api/accounts/groups/delete', { id }),
    onSuccess: changed,
  });
}
