import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT, RICH_TEXT_HREF } from '@roundup/shared';

/**
 * Allow-list sanitizer for admin-written rich text (broker fees, sign-up promo, full
 * review, FAQ answers), with the one policy the web app renders with (RICH_TEXT in
 * @roundup/shared). Applied on save; the web app sanitizes again on render.
 * No script or style, no event-handler attributes, only http(s)/mailto/tel links,
 * and every link gets rel="noopener noreferrer" (new-tab links keep target=_blank).
 */
const POLICY = {
  allowedTags: [...RICH_TEXT.tags],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT.attributes).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...RICH_TEXT.schemes],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math'],
} satisfies sanitizeHtml.IOptions;

/** A link's attributes without an href the policy would not keep (as DOMPurify drops it on the web). */
function keptHref({ href, ...attribs }: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  return href !== undefined && RICH_TEXT_HREF.test(href.replace(/\s/g, '')) ? { href, ...attribs } : attribs;
}

const OPTIONS: sanitizeHtml.IOptions = {
  ...POLICY,
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...keptHref(attribs), rel: 'noopener noreferrer' };
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
 * Rich text as the web app renders it (SafeHtml): the same policy, and links open in a new tab
 * without an opener. The server renders /faq with it (decision 015), so the page holds what the app
 * would render there.
 */
const PAGE_OPTIONS: sanitizeHtml.IOptions = {
  ...POLICY,
  transformTags: {
    a: (tagName, { target: _target, rel: _rel, ...given }) => {
      const attribs = keptHref(given);
      return { tagName, attribs: attribs.href ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } : attribs };
    },
  },
};

/** Rich text as the web app renders it (SafeHtml's policy), for pages the server renders. */
export function sanitizeForPage(html: string): string {
  return sanitizeHtml(html, PAGE_OPTIONS);
}
