import type {
  BillingReconciliationResponse,
  BillingLevel,
  CancelSubscriptionResponse,
  CheckoutSessionView,
  FetchSubscriptionResponse,
  PublicUser,
  TestCheckoutView,
} from '@roundup/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const subscriptionKey = ['billing', 'subscription'] as const;

/** POST /api/subs/fetch: the subscription and its invoices (product.md#api). */
export function useSubscription(subscriptionId: string | null | undefined) {
  return useQuery({
    queryKey: [...subscriptionKey, subscriptionId ?? null],
    queryFn: () => api.post<FetchSubscriptionResponse>('/api/subs/fetch', subscriptionId ? { subscriptionId } : {}),
  });
}

/** Where the member updates their card: Stripe's billing portal (or the local checkout's stand-in). */
export function openBillingPortal() {
  return api.post<{ url: string }>('/api/subs/portal');
}

export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: string | null) =>
      api.post<CancelSubscriptionResponse>('/api/subs/cancel-subscription', subscriptionId ? { subscriptionId } : {}),
    onSettled: () => qc.invalidateQueries({ queryKey: subscriptionKey }),
  });
}

/** Starts checkout: /api/subs/session (pro) or /api/subs/lifetime. The server decides the price. */
export function startCheckout(level: BillingLevel, user: PublicUser) {
  return api.post<{ session: CheckoutSessionView }>(level === 'lifetime' ? '/api/subs/lifetime' : '/api/subs/session', {
    userId: user._id,
    stripeCustomerId: user.stripeCustomerId,
  });
}

export function confirmCheckout(sessionId: string) {
  return api.post<{ user: PublicUser }>('/api/subs/register-success', { sessionId });
}

export function useTestCheckout(sessionId: string) {
  return useQuery({
    queryKey: ['billing', 'test-checkout', sessionId],
    queryFn: () => api.get<{ session: TestCheckoutView }>(`/api/subs/test-checkout/${encodeURIComponent(sessionId)}`),
    retry: false,
  });
}

export function payTestCheckout(sessionId: string) {
  return api.post<{ url: string }>(`/api/subs/test-checkout/${encodeURIComponent(sessionId)}/pay`);
}

export function cancelTestCheckout(sessionId: string) {
  return api.post<{ url: string }>(`/api/subs/test-checkout/${encodeURIComponent(sessionId)}/cancel`);
}

/** Same-origin URLs stay in the SPA; others (Stripe Checkout) are a full redirect. */
export function goTo(url: string, navigate: (path: string, opts?: { replace?: boolean }) => unknown) {
  try {
    const u = new URL(url, window.location.origin);
    if (u.origin === window.location.origin) {
      void navigate(`${u.pathname}${u.search}`, { replace: true });
      return;
    }
  } catch {
    // fall through to a full redirect
  }
  window.location.assign(url);
}

/** GET /api/admin/billing/reconciliation: the daily runs and what they flagged (admins). */
export function useReconciliation() {
  return useQuery({
    queryKey: ['billing', 'reconciliation'],
    queryFn: () => api.get<BillingReconciliationResponse>('/api/admin/billing/reconciliation'),
  });
}
