/**
 * Inputs and what a reader is shown, for the tests that hold the server's sanitizer
 * (apps/server/src/lib/rich-text.test.ts) and the web's renderer (apps/web/src/components/SafeHtml.test.tsx)
 * to the one policy in rich-text.ts. The expected HTML is as the web app renders it.
 */
export const RICH_TEXT_SHOWN: ReadonlyArray<readonly [input: string, shown: string]> = [
  ['<p>Hello <strong>there</strong></p>', '<p>Hello <strong>there</strong></p>'],
  ['<p>a</p><hr><p>b</p>', '<p>a</p><hr><p>b</p>'],
  ['<p>x<sup>2</sup> H<sub>2</sub>O <mark>new</mark></p>', '<p>x<sup>2</sup> H<sub>2</sub>O <mark>new</mark></p>'],
  [
    '<table><thead><tr><th scope="col" colspan="2" onclick="x()">Fee</th></tr></thead><tbody><tr><td rowspan="1" scope="row">$0</td><td title="t">none</td></tr></tbody></table>',
    '<table><thead><tr><th scope="col" colspan="2">Fee</th></tr></thead><tbody><tr><td rowspan="1">$0</td><td title="t">none</td></tr></tbody></table>',
  ],
  ['<p title="t" colspan="2">x</p>', '<p title="t">x</p>'],
  ['<ul><li>1</li></ul><style>x{}</style><script>alert(1)</script>', '<ul><li>1</li></ul>'],
  ['<img src=x onerror="alert(1)">ok<iframe src="https://evil.test"></iframe>', 'ok'],
  ['<div><h3>T</h3><blockquote>q</blockquote><code>c</code></div>', '<h3>T</h3><blockquote>q</blockquote><code>c</code>'],
  [
    '<a href="https://example.com" target="_self" rel="opener">x</a>',
    '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
  ],
  [
    '<a href="tel:+15550100">call</a> <a href="mailto:a@b.test">mail</a>',
    '<a href="tel:+15550100" target="_blank" rel="noopener noreferrer nofollow">call</a> <a href="mailto:a@b.test" target="_blank" rel="noopener noreferrer nofollow">mail</a>',
  ],
  ['<a href="javascript:alert(1)" target="_blank">x</a>', '<a>x</a>'],
  ['<span data-x="1" aria-label="l" style="color:red">s</span>', '<span>s</span>'],
];
