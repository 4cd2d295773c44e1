import { api } from './api-client';
import { sendGaPageView } from './ga';

/** Sends one page view (product.md §2 "Each tab sends a page-view event"). Never throws. */
export function trackPageView(path: string): void {
  api.post('/api/pageviews', { path }).catch(() => {
    // Analytics must never disturb the user.
  });
  sendGaPageView(path);
}
