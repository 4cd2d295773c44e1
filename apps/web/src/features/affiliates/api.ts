import type { CommissionsResponse, Referral } from '@roundup/shared/affiliates';
import { orderFaqs, type Faq } from '@roundup/shared/faqs';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** GET /api/affiliates/referrals → data.referrals (product.md#api). */
export function useReferrals() {
  return useQuery({
    queryKey: ['affiliates', 'referrals'],
    queryFn: ({ signal }) => api.get<{ referrals: Referral[] }>('/api/affiliates/referrals', { signal }),
  });
}

export function useCommissions() {
  return useQuery({
    queryKey: ['affiliates', 'commissions'],
    queryFn: ({ signal }) => api.get<CommissionsResponse>('/api/affiliates/commissions', { signal }),
  });
}

/** GET /api/faqs/category/Affiliate; load errors are ignored (product.md#messages). */
export function useAffiliateFaqs() {
  return useQuery({
    queryKey: ['faqs', 'category', 'Affiliate'],
    queryFn: async ({ signal }) => {
      try {
        const data = await api.get<{ faqs?: Faq[] } | null>('/api/faqs/category/Affiliate', { signal });
        return orderFaqs(data?.faqs ?? []);
      } catch {
        return [] as Faq[];
      }
    },
    retry: false,
  });
}
