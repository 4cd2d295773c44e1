import { DISPLAY_RICH_TEXT } from '@roundup/shared/rich-text';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Admin-written rich text (broker fees and sign-up promos, FAQ answers) is sanitized on save by
 * the server AND here on render, with an allow-list: no script, no event handlers, no
 * javascript: URLs, no styles, forms or frames. Links open in a new tab without an opener.
 */
// The display allow-list shared with the pages the server renders (@roundup/shared/rich-text).
const ALLOWED_TAGS = [...DISPLAY_RICH_TEXT.tags];
const ALLOWED_ATTR = [...DISPLAY_RICH_TEXT.attributes];
const ALLOWED_URI_REGEXP = new RegExp(`^(?:(?:${DISPLAY_RICH_TEXT.schemes.join('|')}):|\\/(?!\\/)|#)`, 'i');

let hooked = false;
function ensureHook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
}

/**
 * Where there is no DOM (the server rendering a page, docs/decisions/015-prerendered-public-pages.md)
 * DOMPurify cannot run and would return its input unchanged: the renderer gives its own sanitizer
 * with the same allow-list, and without one nothing is rendered.
 */
let sanitizeWithoutDom: ((html: string) => string) | null = null;
export function setSanitizerWithoutDom(sanitize: ((html: string) => string) | null) {
  sanitizeWithoutDom = sanitize;
}

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  if (!DOMPurify.isSupported) return sanitizeWithoutDom ? sanitizeWithoutDom(html) : '';
  ensureHook();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
  });
}

export function SafeHtml({
  html,
  className,
  as: Tag = 'div',
}: {
  html: string | null | undefined;
  className?: string;
  as?: 'div' | 'span';
}) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean) return null;
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
