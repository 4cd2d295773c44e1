import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type UIMatch } from 'react-router';
import { orderFaqs, type Faq } from '@roundup/shared/faqs';
import { AppProviders, createQueryClient } from './app/providers';
import { routes } from './app/router';
import { setSanitizerWithoutDom } from './components/SafeHtml';
import { PUBLIC_FAQS_DATA_ID, PUBLIC_FAQS_KEY } from './features/faqs/public-api';
import { PAST_SPLITS_KEY, RECENT_SPLITS_DATA_ID, type PastSplit } from './features/public/api';
import { LEARN_CHAPTERS, learnChapter } from './features/public/learn-content';
import { policyFor } from './features/public/policies-content';
import { APP_NAME, descriptionFor, pageViewFor, titleFor } from './lib/route-handle';

/**
 * Build-time rendering of the public pages (docs/decisions/015-prerendered-public-pages.md).
 * vite.config.ts builds this file for Node after the browser build, renders each path below as
 * an anonymous visitor and writes the HTML to dist/prerendered/<path>/index.html; the browser
 * then hydrates it (main.tsx). Data the pages fetch (recent splits, FAQs) is not known at build:
 * those parts render their loading state and fill in after hydration. The build also keeps this
 * module as dist/ssr/prerender.js: the server renders /faq again with the published FAQs and the
 * landing with the recent round-up splits (`renderWithData`), since only it has them.
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

export interface PrerenderedPage {
  /** The HTML inside #root, as the app renders it before any data or session. */
  html: string;
  /** The path analytics records when it is not `pathname` (the loader sends it, decision 016). */
  pageView: string | null;
  /**
   * The document title and description the page sets: the server writes them into the HTML it
   * answers, since the app may never run on the page (decision 016). Learn chapters and policies set
   * theirs from their content (usePageMeta), the other pages from their route's handle.
   */
  head: { title: string; description: string };
}

function headOf(pathname: string, matches: UIMatch[]): PrerenderedPage['head'] {
  const [, section, page] = pathname.split('/');
  const own =
    section === 'learn'
      ? learnChapter(page)
      : ['policies', 'terms-of-service', 'privacy-policy'].includes(section)
        ? policyFor(section === 'policies' ? page : section)
        : undefined;
  if (own) return { title: `${own.title} · ${APP_NAME}`, description: own.description };
  return { title: titleFor(matches), description: descriptionFor(matches) };
}

/** Data the server has and the build does not, put in the QueryClient before rendering. */
export interface PageData {
  /** The published FAQs (`/faq`): the list GET /api/faqs answers. */
  faqs?: readonly Faq[];
  /** The recent round-up splits (`/`): the list GET /api/rs/past answers. */
  recentSplits?: readonly PastSplit[];
}

/**
 * One public page as the build renders it (vite.config.ts writes it to dist/prerendered), or with
 * `data` already in the query cache, as the server renders it.
 */
export async function render(pathname: string, data: PageData = {}): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${pathname}`));
  if (context instanceof Response) throw new Error(`prerender ${pathname}: redirected to ${context.headers.get('location')}`);
  if (context.statusCode !== 200) throw new Error(`prerender ${pathname}: status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const matches = context.matches.map((m) => ({ handle: m.route.handle })) as UIMatch[];
  const pageView = pageViewFor(matches, pathname);
  const client = createQueryClient();
  if (data.faqs) client.setQueryData(PUBLIC_FAQS_KEY, orderFaqs(data.faqs));
  if (data.recentSplits) client.setQueryData(PAST_SPLITS_KEY, [...data.recentSplits]);
  const html = renderToString(
    <StrictMode>
      <AppProviders client={client}>
        {/* hydrate={false}: no inline hydration script (the CSP allows only our own script files). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, pageView: pageView === pathname ? null : pageView, head: headOf(pathname, matches) };
}

/** JSON that cannot end or open anything inside a `<script>` element (`</script>`, `<!--`). */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A page the build rendered (`page`, dist/prerendered/<path>/index.html), rendered again by the server
 * with data only it has (decision 015, "Data the pages fetch"): #root's content is replaced, and the data
 * follows #root as a JSON block (`PUBLIC_FAQS_DATA_ID`, `RECENT_SPLITS_DATA_ID`) that the app's first render reads, so hydration
 * produces the same markup. Rich text goes through `sanitize` (there is no DOM here for DOMPurify): the
 * rendered answers and the embedded ones alike. Null when the page has no #root as the build writes it.
 */
export async function renderWithData(
  page: string,
  pathname: string,
  data: PageData,
  sanitize: (html: string) => string,
): Promise<string | null> {
  const open = /<div id="root"[^>]*>/.exec(page);
  const close = page.lastIndexOf('</div>', page.lastIndexOf('</body>'));
  if (!open || close < open.index + open[0].length) return null;
  // Set, never reset: renders may overlap across awaits, and the server always gives the same function.
  setSanitizerWithoutDom(sanitize);
  const faqs = data.faqs ? orderFaqs(data.faqs).map((faq) => ({ ...faq, answer: sanitize(faq.answer) })) : undefined;
  const { html } = await render(pathname, { ...data, faqs });
  const embed = (id: string, value: unknown) => `<script type="application/json" id="${id}">${jsonForScript(value)}</script>`;
  const script =
    (faqs ? embed(PUBLIC_FAQS_DATA_ID, faqs) : '') + (data.recentSplits ? embed(RECENT_SPLITS_DATA_ID, data.recentSplits) : '');
  return page.slice(0, open.index + open[0].length) + html + '</div>' + script + page.slice(close + '</div>'.length);
}
