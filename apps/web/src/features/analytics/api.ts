import { useQuery } from '@tanstack/react-query';
import type { AnalyticsSummary, OpenPosition, TaxExport } from '@roundup/shared';
import { api } from '../../lib/api-client';
import { earlyAnswer } from '../../lib/early-query';

export function useMyAnalytics() {
  return useQuery({
    queryKey: ['analytics', 'mine'],
    queryFn: ({ signal }) => api.get<{ analytics: AnalyticsSummary }>('/api/analytics/mine', { signal }).then((r) => r.analytics),
    ...earlyAnswer('/api/analytics/mine', (r: { analytics: AnalyticsSummary }) => r.analytics),
  });
}

export function fetchTaxExport(year: number, signal?: AbortSignal) {
  return api.get<TaxExport>(`/api/analytics/tax-export?year=${year}`, { signal });
}

/** Every open position (the summary carries the first 100). */
export function useAllOpenPositions(enabled: boolean) {
  return useQuery({
    queryKey: ['analytics', 'open-positions'],
    queryFn: ({ signal }) =>
      api.get<{ openPositions: OpenPosition[] }>('/api/analytics/open-positions', { signal }).then((r) => r.openPositions),
    enabled,
  });
}
