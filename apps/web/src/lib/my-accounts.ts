import { useQuery } from '@tanstack/react-query';
import type { AccountGroupsResponse, MyAccountsResponse } from '@roundup/shared';
import { api } from './api-client';
import { earlyAnswer } from './early-query';

/** The member's brokerage accounts (and the brokers to choose from), shared by every feature that lists them. */
export const accountsKey = ['accounts', 'mine'] as const;

export function useMyAccounts() {
  return useQuery({
    queryKey: accountsKey,
    queryFn: ({ signal }) => api.get<MyAccountsResponse>('/api/accounts/mine', { signal }),
    ...earlyAnswer<MyAccountsResponse>('/api/accounts/mine'),
  });
}

/** The member's named account groups, for every place that chooses accounts. */
export const accountGroupsKey = ['accounts', 'groups'] as const;

export function useAccountGroups(enabled = true) {
  return useQuery({
    queryKey: accountGroupsKey,
    queryFn: ({ signal }) => api.get<AccountGroupsResponse>('/api/accounts/groups', { signal }),
    ...earlyAnswer<AccountGroupsResponse>('/api/accounts/groups'),
    enabled,
  });
}
