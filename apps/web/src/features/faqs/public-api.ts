import { faqSchema, orderFaqs, type Faq } from '@roundup/shared/faqs';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { embeddedData } from '../../lib/prerendered';

/** The query key of the public FAQ list; the server seeds it when it renders /faq (prerender.tsx). */
export const PUBLIC_FAQS_KEY = ['faqs', 'public'] as const;

/**
 * The id of the `<script type="application/json">` in which the server puts the FAQ list it rendered
 * /faq with (docs/decisions/015-prerendered-public-pages.md): the app's first render uses it, so
 * hydration renders the same list, then refetches it.
 */
export const PUBLIC_FAQS_DATA_ID = 'faqs-data';

/** The FAQ list embedded in the page, if any and well-formed. */
export const embeddedFaqs = (doc?: Document): Faq[] | undefined =>
  embeddedData(
    PUBLIC_FAQS_DATA_ID,
    (v) => {
      const parsed = faqSchema.array().safeParse(v);
      return parsed.success ? orderFaqs(parsed.data) : undefined;
    },
    doc,
  );

/** `GET /api/faqs` → data.faqs. product.md#messages: load errors are silently ignored (an empty list). */
export function usePublicFaqs() {
  return useQuery({
    queryKey: PUBLIC_FAQS_KEY,
    queryFn: async ({ signal }) => {
      try {
        const data = await api.get<{ faqs?: Faq[] } | null>('/api/faqs', { signal });
        return orderFaqs(data?.faqs ?? []);
      } catch {
        return [] as Faq[];
      }
    },
    // The list the page was rendered with, if the server embedded one; stale at once (updated "at 0"),
    // so it is fetched again on mount.
    initialData: () => embeddedFaqs(),
    initialDataUpdatedAt: 0,
    retry: false,
  });
}
