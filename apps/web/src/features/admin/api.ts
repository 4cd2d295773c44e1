import type {
  AdminEditUserRequest,
  AdminUserDetail,
  AdminUserList,
  AuditEntry,
  AuditPage,
  PageViewSummary,
} from '@roundup/shared/admin';
import type { Broker, BrokerInputRaw } from '@roundup/shared/brokers';
import type { FeedbackItem } from '@roundup/shared/feedback';
import type { Faq, FaqInput } from '@roundup/shared/faqs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** TanStack Query hooks for the admin screens (users, brokers, FAQs, feedback, page views). */

export const adminKeys = {
  users: (q: string, page = 1) => ['admin', 'users', q, page] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  brokers: ['admin', 'brokers'] as const,
  broker: (id: string) => ['admin', 'broker', id] as const,
  faqs: ['admin', 'faqs'] as const,
  faq: (id: string) => ['admin', 'faq', id] as const,
  feedback: ['admin', 'feedback'] as const,
  pageViews: ['admin', 'pageviews'] as const,
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

export function useAdminBrokers() {
  return useQuery({
    queryKey: adminKeys.brokers,
    queryFn: async ({ signal }) => (await api.get<{ brokers: Broker[] }>('/api/brokers?all=1', { signal })).brokers,
  });
}

export function useAdminBroker(id: string | undefined) {
  return useQuery({
    queryKey: adminKeys.broker(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) =>
      (await api.get<{ broker: Broker }>(`/api/brokers/${encodeURIComponent(id ?? '')}`, { signal })).broker,
  });
}

/** After any broker or FAQ write, the public pages' caches are stale too. */
function useInvalidate(prefixes: string[][]) {
  const qc = useQueryClient();
  return () => Promise.all(prefixes.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useSaveBroker() {
  const invalidate = useInvalidate([['admin', 'brokers'], ['admin', 'broker'], ['brokers']]);
  return useMutation({
    mutationFn: async (input: BrokerInputRaw & { _id?: string }) => {
      const path = input._id ? '/api/brokers/edit' : '/api/brokers/add';
      return (await api.post<{ broker: Broker }>(path, { newBroker: input })).broker;
    },
    onSuccess: () => void invalidate(),
  });
}

export function useDeleteBroker() {
  const invalidate = useInvalidate([['admin', 'brokers'], ['brokers']]);
  return useMutation({
    mutationFn: (id: string) => api.post('/api/brokers/delete', { id }),
    onSuccess: () => void invalidate(),
  });
}

export function useAdminFaqs() {
  return useQuery({
    queryKey: adminKeys.faqs,
    queryFn: async ({ signal }) => (await api.get<{ faqs: Faq[] }>('/api/faqs', { signal })).faqs,
  });
}

export function useAdminFaq(id: string | undefined) {
  return useQuery({
    queryKey: adminKeys.faq(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) => (await api.get<{ faq: Faq }>(`/api/faqs/${encodeURIComponent(id ?? '')}`, { signal })).faq,
  });
}

export function useSaveFaq() {
  const invalidate = useInvalidate([['admin', 'faqs'], ['admin', 'faq'], ['faqs']]);
  return useMutation({
    mutationFn: async (input: FaqInput & { _id?: string }) => {
      const path = input._id ? '/api/faqs/edit' : '/api/faqs/add';
      return (await api.post<{ faq: Faq }>(path, { newFaq: input })).faq;
    },
    onSuccess: () => void invalidate(),
  });
}

export function useDeleteFaq() {
  const invalidate = useInvalidate([['admin', 'faqs'], ['faqs']]);
  return useMutation({
    mutationFn: (id: string) => api.post('/api/faqs/delete', { id }),
    onSuccess: () => void invalidate(),
  });
}

export function useAdminFeedback() {
  return useQuery({
    queryKey: adminKeys.feedback,
    queryFn: async ({ signal }) => (await api.get<{ feedback: FeedbackItem[] }>('/api/feedback', { signal })).feedback,
  });
}

export function usePageViewSummary() {
  return useQuery({
    queryKey: adminKeys.pageViews,
    queryFn: ({ signal }) => api.get<PageViewSummary>('/api/pageviews/summary', { signal }),
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
