import { trackPageViewBeforeApp } from './lib/analytics';
import { registerOfflineWorker } from './lib/offline-worker';
import { startedPrerendered } from './lib/prerendered';
import { hasStoredSession } from './lib/session';
import { armTakeover } from './lib/takeover';

/**
 * The only script a public page rendered at build loads (docs/decisions/016-landing-javascript.md):
 * the page already works without JavaScript, so the app (React, the router, the page's chunk) is
 * fetched only when the visitor uses the page, or at once for a signed-in member.
 */
const root = document.getElementById('root');
const hasSession = hasStoredSession();

// A visitor who never touches the page still counts as a view; the app does not count it twice.
if (!hasSession) trackPageViewBeforeApp(root?.dataset.pageView ?? window.location.pathname);

// What the visitor did before this module ran, kept by the page's first script (src/early-input.js).
const early = (window as { __roundupEarlyInput?: () => Event[] }).__roundupEarlyInput?.() ?? [];

const takeover = armTakeover({
  doc: document,
  early,
  // Not rendered at build (never expected here): nothing to wait for.
  hasSession: hasSession || !startedPrerendered(),
  IntersectionObserver: window.IntersectionObserver,
  start(hooks) {
    // The page's own route chunk (prerender, vite.config.ts) comes with the app, not after it.
    for (const href of (root?.dataset.preload ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    }
    return import('./start').then((app) => app.startApp(hooks));
  },
});
registerOfflineWorker();
takeover.done.catch((error: unknown) => {
  // The page keeps working as plain HTML; the next load tries again.
  console.warn('RoundUp could not start', error);
});
