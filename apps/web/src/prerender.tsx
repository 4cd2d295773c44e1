import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type UIMatch } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { routes } from './app/router';
import { LEARN_CHAPTERS } from './features/public/learn-content';
import { pageViewFor } from './lib/route-handle';

/**
 * Build-time rendering of the public pages (docs/decisions/015-prerendered-public-pages.md).
 * vite.config.ts builds this file for Node after the browser build, renders each path below as
 * an anonymous visitor and writes the HTML to dist/prerendered/<path>/index.html; the browser
 * then hydrates it (main.tsx). Data the pages fetch (recent splits, FAQs) is not known at build:
 * those parts render their loading state and fill in after hydration.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  '/',
  '/learn',
  ...LEARN_CHAPTERS.filter((c) => c.slug).map((c) => `/learn/${c.slug}`),
  '/services',
  '/faq',
  '/policies',
  '/terms-of-service',
  '/privacy-policy',
];

/**
 * The lazy page module each path's route loads (its `lazy` import in the feature's routes.tsx): the
 * build lists its chunks on #root (`data-preload`), and the loader fetches them together with the app
 * when it takes over, not after it, so hydration starts sooner. The landing page is in the app's chunk.
 */
export function pageModuleFor(pathname: string): string | null {
  if (pathname === '/') return null;
  if (pathname === '/learn' || pathname.startsWith('/learn/')) return 'src/features/public/pages/LearnPage.tsx';
  if (pathname === '/services') return 'src/features/public/pages/ServicesPage.tsx';
  if (pathname === '/faq') return 'src/features/faqs/pages/FaqPage.tsx';
  return 'src/features/public/pages/PoliciesPage.tsx';
}

/**
 * The HTML inside #root for `pathname`, as the app renders it before any data or session, and the
 * path analytics records for it when that is not `pathname` (the loader sends it, decision 016).
 */
export async function render(pathname: string): Promise<{ html: string; pageView: string | null }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${pathname}`));
  if (context instanceof Response) throw new Error(`prerender ${pathname}: redirected to ${context.headers.get('location')}`);
  if (context.statusCode !== 200) throw new Error(`prerender ${pathname}: status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const pageView = pageViewFor(context.matches.map((m) => ({ handle: m.route.handle })) as UIMatch[], pathname);
  const html = renderToString(
    <StrictMode>
      <AppProviders client={createQueryClient()}>
        {/* hydrate={false}: no inline hydration script (the CSP allows only our own script files). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, pageView: pageView === pathname ? null : pageView };
}
