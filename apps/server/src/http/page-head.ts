import { APP_NAME, pageHeadFor } from '@roundup/shared';
import { escapeHtml } from '../lib/html';

/**
 * The index.html the server answers for a navigation, with that page's head (docs/decisions/017):
 * its title and description, a canonical link, Open Graph and Twitter tags for link previews, and
 * `noindex` on pages that need an account. The app itself still renders in the browser.
 */
export function renderIndex(template: string, pathname: string, appUrl: string): string {
  const head = pageHeadFor(pathname);
  const title = head.title ? `${head.title} · ${APP_NAME}` : APP_NAME;
  const url = `${appUrl.replace(/\/+$/, '')}${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}`;
  const attr = (v: string) => escapeHtml(v);
  const tags = head.index
    ? [
        `<link rel="canonical" href="${attr(url)}" />`,
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
    .replace(/<title>[^<]*<\/title>/i, `<title>${attr(title)}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/i, `$1${attr(head.description)}$2`);
  // Before </head>; a page without a head section gets them after its title.
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, `    ${tags.join('\n    ')}\n  </head>`);
  return html.replace(/(<title>[^<]*<\/title>)/i, `$1${tags.join('')}`);
}
