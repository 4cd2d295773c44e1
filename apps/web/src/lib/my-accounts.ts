import { useQuery } from '@tanstack/react-query';
import type { MyAccountsResponse } from '@roundup/shared';
import { api } from './api-client';

/** The member's brokerage accounts (and the brokers to choose from), shared by every feature that lists them. */
export const accountsKey = ['accounts', 'mine'] as const;

export function useMyAccounts() {
  return useQuery({
    queryKey: accountsKey,
    queryFn: ({ signal }) => api.get<MyAccountsResponse>('/api/accounts/mine', { signal }),
  });
}
