import { describe, expect, it } from 'vitest';
import { emailDocument } from './html';

describe('emailDocument', () => {
  it('wraps a fragment in a document with a language and a head', () => {
    const doc = emailDocument('Reset <your> password', '<p>Hi</p>');
    expect(doc).toMatch(/^<!doctype html><html lang="en"><head><meta charset="utf-8">/);
    expect(doc).toContain('<title>Reset &lt;your&gt; password</title></head>');
    expect(doc).toContain('<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1b2430"><p>Hi</p></body></html>');
  });

  it('leaves a whole document as it is', () => {
    const full = '<!doctype html><html lang="en"><head><title>x</title></head><body>y</body></html>';
    expect(emailDocument('x', full)).toBe(full);
  });
});
