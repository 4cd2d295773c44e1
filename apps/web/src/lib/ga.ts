import type { PublicConfig } from '@roundup/shared/admin';
import { api } from './api-client';

/**
 * Google Analytics 4, only when the server has GA_MEASUREMENT_ID (GET /api/config).
 * gtag.js is loaded from its own URL and the gtag() shim lives in this bundle, so the
 * strict CSP (no inline script) holds; the server adds Google's hosts to it only then.
 */
type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

let configPromise: Promise<string | null> | null = null;

function measurementId(): Promise<string | null> {
  configPromise ??= api
    .get<PublicConfig>('/api/config')
    .then((c) => (c?.gaMeasurementId && /^[A-Z0-9-]{4,40}$/i.test(c.gaMeasurementId) ? c.gaMeasurementId : null))
    .catch(() => null);
  return configPromise;
}

let loadedFor: string | null = null;

function ensureGtag(id: string): Gtag {
  if (loadedFor !== id) {
    loadedFor = id;
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = function gtag() {
      // gtag.js expects the Arguments object itself.
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
    document.head.appendChild(script);
    window.gtag('js', new Date());
    // Page views are sent by hand on each route change (a SPA); no automatic one, no ad signals.
    window.gtag('config', id, { send_page_view: false, allow_google_signals: false, allow_ad_personalization_signals: false });
  }
  return window.gtag!;
}

/** Sends a GA4 page_view when GA is configured; does nothing (one small config call) otherwise. */
export function sendGaPageView(path: string): void {
  // Component tests mock fetch call by call; GA stays out of them.
  if (import.meta.env.MODE === 'test') return;
  void measurementId().then((id) => {
    if (!id || typeof document === 'undefined') return;
    ensureGtag(id)('event', 'page_view', {
      page_path: path,
      page_location: `${window.location.origin}${path}`,
      page_title: document.title,
    });
  });
}

/** For tests. */
export function resetGaForTests(): void {
  configPromise = null;
  loadedFor = null;
}
