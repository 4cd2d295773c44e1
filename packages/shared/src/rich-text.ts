/**
 * What admin-written rich text (broker fees and promos, FAQ answers) may contain when it is shown:
 * one allow-list for the web app (SafeHtml, DOMPurify) and for pages the server renders
 * (lib/rich-text.ts `sanitizeForPage`, sanitize-html), so both show the same thing. What is kept on
 * save is wider (the server's own list); this is what reaches a reader.
 */
export const DISPLAY_RICH_TEXT = {
  tags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'span',
    'ul',
    'ol',
    'li',
    'a',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'code',
  ],
  /** On any tag `title`; on links `href` too. */
  attributes: ['href', 'title'],
  /** Link schemes; relative links and #anchors are kept too. */
  schemes: ['http', 'https', 'mailto'],
} as const;
