import { describe, expect, it } from 'vitest';
import { RICH_TEXT } from '@roundup/shared';
import { RICH_TEXT_SHOWN } from '@roundup/shared/rich-text.fixtures';
import { sanitizeForPage, sanitizeOptional, sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it.each([
    ['<p>Hello <strong>there</strong></p>', '<p>Hello <strong>there</strong></p>'],
    ['<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['<img src=x onerror="alert(1)">ok', 'ok'],
    ['<p onclick="alert(1)" style="color:red">x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    [
      '<a href="https://example.com" target="_self">x</a>',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['<a href="https://example.com" rel="opener">x</a>', '<a href="https://example.com" rel="noopener noreferrer">x</a>'],
    ['<iframe src="https://evil.test"></iframe>t', 't'],
    ['<svg><script>alert(1)</script></svg>t', 't'],
    ['<style>body{display:none}</style><ul><li>1</li></ul>', '<ul><li>1</li></ul>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a rel="noopener noreferrer">x</a>'],
  ])('%s → %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('turns empty results into null for optional fields', () => {
    expect(sanitizeOptional('<script>x</script>')).toBeNull();
    expect(sanitizeOptional(null)).toBeNull();
    expect(sanitizeOptional('<p>ok</p>')).toBe('<p>ok</p>');
  });
});

// One policy (RICH_TEXT in @roundup/shared). The web's renderer is held to the same table in
// apps/web/src/components/SafeHtml.test.tsx; sanitize-html writes void tags as `<hr />`, the DOM as `<hr>`.
describe('the rich-text policy the web renders with', () => {
  const html = (s: string) => s.replace(/ \/>/g, '>');
  it.each(RICH_TEXT_SHOWN)('%s is shown as %s, and saving it keeps what is shown', (input, shown) => {
    expect(html(sanitizeForPage(input))).toBe(shown);
    expect(html(sanitizeForPage(sanitizeRichText(input)))).toBe(shown);
  });

  it('keeps on save only what a reader is shown: every tag of the policy, no other', () => {
    for (const tag of RICH_TEXT.tags) {
      const input = tag === 'table' ? '<table><tbody><tr><td>x</td></tr></tbody></table>' : `<${tag}>x</${tag}>`;
      expect(sanitizeRichText(input), tag).toContain(`<${tag}`);
    }
    expect(sanitizeRichText('<div><img src="/a.png"><form><input></form><details>d</details></div>')).toBe('d');
  });
});
