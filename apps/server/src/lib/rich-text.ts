import sanitizeHtml from 'sanitize-html';
import { DISPLAY_RICH_TEXT } from '@roundup/shared';

/**
 * Allow-list sanitizer for admin-written rich text (broker fees, sign-up promo, full
 * review, FAQ answers). Applied on save; the web app sanitizes again on render.
 * No script or style, no event-handler attributes, only http(s)/mailto/tel links,
 * and every link gets rel="noopener noreferrer" (new-tab links keep target=_blank).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  // What a reader is shown (DISPLAY_RICH_TEXT), plus what is kept on save though not shown today
  // (rules, super/subscripts, highlights, tables: issue 27 decides whether readers get them).
  allowedTags: [...DISPLAY_RICH_TEXT.tags, 'hr', 'sup', 'sub', 'mark', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs, rel: 'noopener noreferrer' };
      if (out.target !== undefined) out.target = '_blank';
      return { tagName, attribs: out };
    },
  },
};

/** Returns safe HTML (possibly empty). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Sanitizes an optional field; an empty result becomes null. */
export function sanitizeOptional(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeRichText(html);
  return clean === '' ? null : clean;
}

/**
 * The display allow-list the web app renders with (DISPLAY_RICH_TEXT, shared with SafeHtml.tsx):
 * narrower than what is kept on save (no tables, no hr/sup/sub/mark, only href and title, no tel: links),
 * and links open in a new tab without an opener. The server renders /faq with it (decision 015), so the
 * page holds what the app would render there.
 */
const PAGE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...DISPLAY_RICH_TEXT.tags],
  allowedAttributes: { '*': ['title'], a: [...DISPLAY_RICH_TEXT.attributes] },
  allowedSchemes: [...DISPLAY_RICH_TEXT.schemes],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: OPTIONS.nonTextTags,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } : attribs,
    }),
  },
};

/** Rich text as the web app renders it (SafeHtml's allow-list), for pages the server renders. */
export function sanitizeForPage(html: string): string {
  return sanitizeHtml(html, PAGE_OPTIONS);
}
