import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { settleEarlyResponses } from './lib/early-data';
import { startedPrerendered } from './lib/prerendered';
import type { StartHooks } from './lib/takeover';

/**
 * Runs `onCommit` before the first paint and `onReady` after it. One child: the tree (and useId) stays
 * the build's. Its effects run after those of the app inside it.
 */
function Committed({ onCommit, onReady, children }: { onCommit: () => void; onReady: () => void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  useEffect(onReady, [onReady]);
  return children;
}

/**
 * Keeps the visitor where they scrolled to while the app loaded: on its first render React Router's
 * ScrollRestoration scrolls a new page to the top, which on a page the visitor is already reading
 * would throw them back to it. Returns the function that puts the scroll back, before the paint.
 */
function keepScrollPosition(): () => void {
  let y = window.scrollY;
  const track = () => {
    y = window.scrollY;
  };
  window.addEventListener('scroll', track, { passive: true });
  return () => {
    window.removeEventListener('scroll', track);
    // The router's scrollTo has not fired its scroll event yet: `y` is still the visitor's. Always,
    // and instantly: with `scroll-behavior: smooth` (Bootstrap) the router's scroll has only started.
    window.scrollTo({ left: window.scrollX, top: y, behavior: 'instant' });
  };
}

/**
 * How long the first render waits for the early answers still on their way once the app's code has run: a
 * member on a slow connection sees the page's frame and spinner after this, as before.
 */
const EARLY_ANSWERS_WAIT_MS = 1_000;

/** Resolves once the router has matched the first location and loaded its lazy routes. */
function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Starts the app in #root: at load on every page the server answers with the empty shell (main.tsx),
 * and when its loader says so on a page rendered at build (boot.ts, docs/decisions/016-landing-javascript.md).
 * Resolves once the first render is committed; #root then carries `data-app="ready"`.
 */
export function startApp(hooks?: StartHooks): Promise<void> {
  const router = createAppRouter();
  const queryClient = createQueryClient();
  const container = document.getElementById('root')!;
  const prerendered = startedPrerendered();
  const restoreScroll = prerendered ? keepScrollPosition() : null;
  return new Promise((resolve) => {
    let committed = false;
    const onCommit = () => {
      if (committed) return;
      committed = true;
      restoreScroll?.();
    };
    let ready = false;
    const onReady = () => {
      if (ready) return;
      ready = true;
      container.dataset.app = 'ready';
      resolve();
    };
    const app = (
      <StrictMode>
        <Committed onCommit={onCommit} onReady={onReady}>
          <AppProviders client={queryClient}>
            <RouterProvider router={router} />
          </AppProviders>
        </Committed>
      </StrictMode>
    );
    if (prerendered) {
      // A public page rendered at build (vite.config.ts): hydrate once the matched lazy routes have
      // loaded, so the first render is the same page and not the loading fallback.
      void routerReady(router).then(() => {
        hooks?.hydrating();
        hydrateRoot(container, app);
      });
    } else {
      // The first render is the page itself, with its data: once the matched lazy routes have loaded (or the
      // router would draw its fallback first) and the early answers have arrived. Each answer that comes later
      // would be a render of its own; one that is slow is waited for only so long, then its page loads as before.
      void Promise.all([routerReady(router), settleEarlyResponses(EARLY_ANSWERS_WAIT_MS)]).then(() =>
        createRoot(container).render(app),
      );
    }
  });
}
