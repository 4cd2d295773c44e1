import type { UIMatch } from 'react-router';

/**
 * Static metadata on every route object (`handle`), read by the layout on each
 * navigation: `title` → document.title "<title> · RoundUp"; `pageView` overrides the
 * path sent to analytics (product.md#screens: /services is logged as /reverse-splits).
 */
export interface RouteHandle {
  title?: string;
  pageView?: string;
  /** `<meta name="description">` for the page; the site default when absent. */
  description?: string;
}

import { APP_NAME, DEFAULT_DESCRIPTION } from '@roundup/shared/pages';

export { APP_NAME, DEFAULT_DESCRIPTION };

export function descriptionFor(matches: readonly UIMatch[]): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.description) return handle.description;
  }
  return DEFAULT_DESCRIPTION;
}

export function titleFor(matches: readonly UIMatch[]): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.title) return `${handle.title} · ${APP_NAME}`;
  }
  return APP_NAME;
}

export function pageViewFor(matches: readonly UIMatch[], pathname: string): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.pageView) return handle.pageView;
  }
  return pathname;
}
