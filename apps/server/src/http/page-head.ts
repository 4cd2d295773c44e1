import { APP_NAME, pageHeadFor } from '@roundup/shared';
import { escapeHtml } from '../lib/html';

/** The title and description a page rendered at build carries (the page's own, e.g. a Learn chapter's). */
export interface BuiltHead {
  title: string;
  description: string;
}

/**
 * The head a page rendered at build wrote into its HTML (apps/web/src/prerender.tsx): the app may
 * never run on it (docs/decisions/016-landing-javascript.md), so its head must already be the page's.
 */
export function builtHead(html: string): BuiltHead | undefined {
  const title = /<title>([^<]*)<\/title>/i.exec(html)?.[1];
  const description = /<meta\s+name="description"\s+content="([^"]*)"/i.exec(html)?.[1];
  if (!title || !description) return undefined;
  const text = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  return { title: text(title), description: text(description) };
}

/**
 * The index.html the server answers for a navigation, with that page's head (docs/decisions/017):
 * its title and description, a canonical link, Open Graph and Twitter tags for link previews, and
 * `noindex` on pages that need an account. The app itself still renders in the browser.
 */
export function renderIndex(template: string, pathname: string, appUrl: string, built?: BuiltHead): string {
  const head = built ? { ...pageHeadFor(pathname), description: built.description } : pageHeadFor(pathname);
  const title = built ? built.title : head.title ? `${head.title} · ${APP_NAME}` : APP_NAME;
  const origin = appUrl.replace(/\/+$/, '');
  const url = `${origin}${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}`;
  const attr = (v: string) => escapeHtml(v);
  const tags = head.index
    ? [
        `<link rel="canonical" href="${attr(head.canonical ? origin + head.canonical : url)}" />`,
        `<meta property="og:type" content="website" />`,
        `<meta property="og:site_name" content="${APP_NAME}" />`,
        `<meta property="og:title" content="${attr(title)}" />`,
        `<meta property="og:description" content="${attr(head.description)}" />`,
        `<meta property="og:url" content="${attr(url)}" />`,
        `<meta name="twitter:card" content="summary" />`,
        `<meta name="twitter:title" content="${attr(title)}" />`,
        `<meta name="twitter:description" content="${attr(head.description)}" />`,
      ]
    : [`<meta name="robots" content="noindex" />`];
  const html = template
    // Replacement functions: a description may hold "$1" (the earnings chapter's "$11,952 a year").
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${attr(title)}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/i,
      (_, open: string, close: string) => open + attr(head.description) + close,
    );
  // Before </head>; a page without a head section gets them after its title.
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, () => `    ${tags.join('\n    ')}\n  </head>`);
  return html.replace(/(<title>[^<]*<\/title>)/i, (titleTag: string) => titleTag + tags.join(''));
}
