import type { SiteInfo } from '@roundup/shared/billing';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useAuth } from './auth';
import { earlyAnswer } from './early-query';

/**
 * The site settings the pages show (GET /api/site): the support address, whether Discord is
 * offered (and its invite for paid members), and the prices from the payment configuration.
 */
export function useSite() {
  const { data: user, loading } = useAuth();
  return useQuery({
    // Per signed-in user: the Discord invite is for paid members only.
    queryKey: ['site', user?._id ?? null, user?.role ?? null],
    queryFn: ({ signal }) => api.get<SiteInfo>('/api/site', { signal }),
    ...earlyAnswer<SiteInfo>('/api/site'),
    staleTime: 10 * 60_000,
    // Once the stored session is known: asked before, a signed-in member's page asked twice.
    enabled: !loading,
  });
}

/** "$50" or "$499" from cents (whole dollars without decimals). */
export function priceLabel(p: { amount: number } | null | undefined): string | null {
  if (!p) return null;
  const dollars = p.amount / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}

/** The support address as a mail link, once it is known. */
export function SupportEmail({ children }: { children?: React.ReactNode }) {
  const site = useSite().data;
  if (!site) return <span>{children ?? 'our support address'}</span>;
  return <a href={`mailto:${site.supportEmail}`}>{children ?? site.supportEmail}</a>;
}
