import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, AccountFields, AccountsResponse, MyAccountsResponse } from '@roundup/shared';
import { api } from '../../lib/api-client';
import { accountsKey } from '../../lib/my-accounts';

export { accountsKey, useMyAccounts } from '../../lib/my-accounts';

/** After each success the list is replaced by the list the server returns (product.md §4). */
function useReplaceList() {
  const qc = useQueryClient();
  return (accounts: Account[]) => {
    qc.setQueryData<MyAccountsResponse>(accountsKey, (old) => ({ brokers: old?.brokers ?? [], accounts }));
    void qc.invalidateQueries({ queryKey: ['analytics'] });
  };
}

export function useAddAccount() {
  const replace = useReplaceList();
  return useMutation({
    mutationFn: (newAccount: AccountFields) => api.post<AccountsResponse>('/api/accounts/add', { newAccount }),
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
    // The new order shows at once (product.md §4: "also saved locally in the list").
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
