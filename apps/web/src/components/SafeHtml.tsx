import { RICH_TEXT, RICH_TEXT_HREF, richTextAllows } from '@roundup/shared/rich-text';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Admin-written rich text (broker fees and sign-up promos, FAQ answers) is sanitized on save by
 * the server AND here on render, with one allow-list (RICH_TEXT in @roundup/shared):
 * no script, no event handlers, no javascript: URLs, no styles, forms or frames. Links open in a
 * new tab without an opener.
 */
const ALLOWED_TAGS = [...RICH_TEXT.tags];
const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT.attributes).flat())];
// Only href is a link; DOMPurify would test the other attributes' values (scope="col") against RICH_TEXT_HREF.
const ADD_URI_SAFE_ATTR = ALLOWED_ATTR.filter((name) => name !== 'href');

let hooked = false;
function ensureHook() {
  if (hooked) return;
  hooked = true;
  // Attributes by tag, as the policy lists them (DOMPurify's own list is one list for every tag).
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    if (!richTextAllows(node.nodeName.toLowerCase(), data.attrName)) data.keepAttr = false;
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    if (node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    } else {
      node.removeAttribute('target');
      node.removeAttribute('rel');
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
    ALLOWED_URI_REGEXP: RICH_TEXT_HREF,
    ADD_URI_SAFE_ATTR,
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
  // ru-rich-text (styles.css): the policy's tables and rules look the same wherever rich text is shown.
  return <Tag className={className ? `ru-rich-text ${className}` : 'ru-rich-text'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
