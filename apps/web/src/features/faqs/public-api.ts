import { orderFaqs, type Faq } from '@roundup/shared/faqs';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** `GET /api/faqs` → data.faqs. product.md §8: load errors are silently ignored (an empty list). */
export function usePublicFaqs() {
  return useQuery({
    queryKey: ['faqs', 'public'],
    queryFn: async ({ signal }) => {
      try {
        const data = await api.get<{ faqs?: Faq[] } | null>('/api/faqs', { signal });
        return orderFaqs(data?.faqs ?? []);
      } catch {
        return [] as Faq[];
      }
    },
    retry: false,
  });
}
