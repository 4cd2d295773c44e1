import type { PageViewSummary } from '@roundup/shared/admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** TanStack Query hooks for first-party page views (the admin users page shows the summary). */

export const pageViewsKeys = {
  summary: ['admin', 'pageviews'] as const,
};

export function usePageViewSummary() {
  return useQuery({
    queryKey: pageViewsKeys.summary,
    queryFn: ({ signal }) => api.get<PageViewSummary>('/api/pageviews/summary', { signal }),
  });
}
