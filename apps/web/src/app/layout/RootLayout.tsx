import { lazy, Suspense, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BillingAlertResponse } from '@roundup/shared/billing';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { trackPageView } from '../../lib/analytics';
import { api } from '../../lib/api-client';
import { AuthProvider, useAuth } from '../../lib/auth';
import { descriptionFor, pageViewFor, titleFor } from '../../lib/route-handle';
import { FeedbackWidget } from './FeedbackWidget';
import { SiteFooter } from './SiteFooter';
import { SiteNavbar } from './SiteNavbar';

/** Sets the title and sends one page view per route change. */
function RouteEffects() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const title = titleFor(matches);
  const description = descriptionFor(matches);
  const pageView = pageViewFor(matches, pathname);

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [description]);

  useEffect(() => {
    trackPageView(pageView);
  }, [pageView, pathname]);

  return null;
}

// Only unverified members load it; visitors' pages stay as light as they are.
const VerifyEmailNotice = lazy(() =>
  import('../../features/auth/components/VerifyEmailNotice').then((m) => ({ default: m.VerifyEmailNotice })),
);

function VerifyEmail() {
  const { data: user } = useAuth();
  const { pathname } = useLocation();
  if (!user || user.email_validated || pathname.startsWith('/verify-email')) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailNotice />
    </Suspense>
  );
}

// Every paying member's page asks whether a renewal failed, but only a member whose renewal did fail loads the
// banner's code: the check is one small request, and the usual page downloads no more JavaScript for it.
const PaymentFailedBanner = lazy(() =>
  import('../../features/billing/components/PaymentFailedBanner').then((m) => ({ default: m.PaymentFailedBanner })),
);

function PaymentFailed() {
  const { data: user } = useAuth();
  const alert = useQuery({
    queryKey: ['billing', 'alert'],
    queryFn: () => api.get<BillingAlertResponse>('/api/subs/alert'),
    enabled: user?.subscriptionTier === 'Pro',
    staleTime: 60_000,
  });
  const failed = alert.data?.payment_failed;
  if (!failed) return null;
  return (
    <Suspense fallback={null}>
      <PaymentFailedBanner failed={failed} />
    </Suspense>
  );
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="ru-nav-progress" role="progressbar" aria-label="Loading page" />;
}

/** The page chrome shared by every route: navbar, main, footer, feedback. */
export function RootLayout() {
  return (
    <AuthProvider>
      <RouteEffects />
      <NavigationProgress />
      <a href="#main" className="visually-hidden-focusable ru-skip-link">
        Skip to content
      </a>
      <div className="d-flex flex-column min-vh-100">
        <SiteNavbar />
        <PaymentFailed />
        <VerifyEmail />
        <main id="main" className="flex-grow-1" tabIndex={-1}>
          <Outlet />
        </main>
        <SiteFooter />
      </div>
      <FeedbackWidget />
      <ScrollRestoration />
    </AuthProvider>
  );
}
