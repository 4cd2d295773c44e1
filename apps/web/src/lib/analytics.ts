import { api } from './api-client';
import { sendGaPageView } from './ga';

/** The path the loader of a prerendered page already counted, until the app's first page view. */
let countedBeforeApp: string | null = null;

/**
 * The page view of a prerendered page, sent by its loader at load (src/boot.ts): the app may never
 * start on it (docs/decisions/016-landing-javascript.md). If it does, its first page view of the
 * same path is this one and is not sent again.
 */
export function trackPageViewBeforeApp(path: string): void {
  send(path);
  countedBeforeApp = path;
}

/** Sends one page view (product.md#screens "Each tab sends a page-view event"). Never throws. */
export function trackPageView(path: string): void {
  const counted = countedBeforeApp;
  countedBeforeApp = null;
  if (counted === path) return;
  send(path);
}

/** For tests: files share this module (decision 034). */
export function resetPageViewsForTests(): void {
  countedBeforeApp = null;
}

function send(path: string): void {
  api.post('/api/pageviews', { path }).catch(() => {
    // Analytics must never disturb the user.
  });
  sendGaPageView(path);
}
