import type { AdminEditUserRequest, AdminUserDetail, AdminUserList, AuditEntry, AuditPage } from '@roundup/shared/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** TanStack Query hooks for the admin screens (users, audit); brokers and FAQs: their features' admin-api.ts,
 * feedback and page views: features/feedback/api.ts and features/pageviews/api.ts. */

export const adminKeys = {
  users: (q: string, page = 1) => ['admin', 'users', q, page] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  audit: ['admin', 'audit'] as const,
  auditPage: (filters: AuditFilters) => ['admin', 'audit', 'page', filters] as const,
};

/** The audit page's filters as they sit in the URL (all optional; days are YYYY-MM-DD, New York). */
export interface AuditFilters {
  admin?: string;
  action?: string;
  from?: string;
  to?: string;
  page?: number;
}

export function useAdminUsers(q: string, page = 1) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return useQuery({
    queryKey: adminKeys.users(q, page),
    queryFn: ({ signal }) => api.get<AdminUserList>(`/api/users${query ? `?${query}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: async ({ signal }) =>
      (await api.get<{ user: AdminUserDetail }>(`/api/users/${encodeURIComponent(id)}`, { signal })).user,
  });
}

export function useEditUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: AdminEditUserRequest) =>
      (await api.post<{ user: AdminUserDetail }>('/api/users/admin-edit', input)).user,
    onSuccess: (user) => {
      qc.setQueryData(adminKeys.user(user._id), user);
      void qc.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
  });
}

export function useRevokeSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; revokeTokens: boolean }) =>
      api.post<{ revoked: number; revokedTokens: number }>('/api/users/revoke-sessions', input),
    onSuccess: (_data, input) => void qc.invalidateQueries({ queryKey: adminKeys.user(input.id) }),
  });
}

/** GET /api/admin/audit with filters: one page, the total, and the admins and actions to filter by. Always fresh. */
export function useAuditPage(filters: AuditFilters) {
  const params = new URLSearchParams();
  for (const key of ['admin', 'action', 'from', 'to'] as const) if (filters[key]) params.set(key, filters[key]!);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return useQuery({
    queryKey: adminKeys.auditPage(filters),
    queryFn: ({ signal }) => api.get<AuditPage>(`/api/admin/audit${query ? `?${query}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useLatestAudit() {
  return useQuery({
    queryKey: adminKeys.audit,
    queryFn: async ({ signal }) => (await api.get<{ audit: AuditEntry[] }>('/api/admin/audit?limit=50', { signal })).audit,
  });
}
