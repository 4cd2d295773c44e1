import type { ApiToken, CreateTokenRequest } from '@roundup/shared/tokens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** TanStack Query hooks for personal API tokens (Settings › API tokens). */
const tokensKey = ['tokens'] as const;

export function useTokens(enabled: boolean) {
  return useQuery({
    queryKey: tokensKey,
    enabled,
    queryFn: async ({ signal }) => (await api.get<{ tokens: ApiToken[] }>('/api/tokens', { signal })).tokens,
  });
}

export function useCreateToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTokenRequest) => api.post<{ token: ApiToken; secret: string }>('/api/tokens', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: tokensKey }),
  });
}

export function useRevokeToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ tokens: ApiToken[] }>('/api/tokens/revoke', { id }),
    onSuccess: (res) => qc.setQueryData(tokensKey, res.tokens),
  });
}
