/**
 * The one rich-text policy: what admin-written rich text (broker fees, promos and reviews,
 * FAQ answers) may contain. The server sanitizes with it on save (lib/rich-text.ts `sanitizeRichText`) and
 * for the pages it renders (`sanitizeForPage`, sanitize-html); the web app renders with it (SafeHtml,
 * DOMPurify). So what is stored is what a reader is shown. Links always get rel="noopener noreferrer"
 * (target, when there is one, becomes _blank); the sanitizers set those two, an author cannot.
 */
export const RICH_TEXT = {
  tags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'span',
    'sup',
    'sub',
    'mark',
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
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  /** Attributes by tag; `*` applies to every tag. */
  attributes: {
    '*': ['title'],
    a: ['href', 'target', 'rel'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  /** Link schemes; relative links and #anchors are kept too. */
  schemes: ['http', 'https', 'mailto', 'tel'],
} as const;

/** Whether the policy lets `attribute` stand on `tag` (both lower case). */
export function richTextAllows(tag: string, attribute: string): boolean {
  const byTag = RICH_TEXT.attributes as Record<string, readonly string[] | undefined>;
  return Boolean(byTag['*']?.includes(attribute) || byTag[tag]?.includes(attribute));
}

/** A link target the policy keeps: one of its schemes, a site-relative path or an #anchor. */
export const RICH_TEXT_HREF = new RegExp(`^(?:(?:${RICH_TEXT.schemes.join('|')}):|\\/(?!\\/)|#)`, 'i');
