import { describe, expect, it } from 'vitest';
import { classifyFiling } from './classify';
import { normalise } from './normalise';
import { sentences } from './sentences';

/**
 * Filing agents hard-wrap their HTML at about 130 columns: a line break inside a paragraph is one
 * space to a browser, so it must be to the classifier too. Only block elements end a paragraph.
 */
const WRAPPED = `<html><body>
<p style="margin:0">On July 12, 2024, the Company filed a Certificate of Amendment to effect a 1-for-10 reverse stock split of the
Company's common stock (the "Reverse
Stock Split"), effective on July 15, 2024.</p>
<p style="margin:0">No fractional shares will be issued in connection with the Reverse Stock Split. Any fractional shares that would
otherwise have resulted from the Reverse Stock Split will be
rounded up to the next whole number.</p>
<div>Item&nbsp;9.01<br>Financial Statements and Exhibits.</div>
<pre>line one
line two</pre>
</body></html>`;

describe('HTML text as a browser reads it', () => {
  it('joins hard-wrapped lines inside a paragraph into one sentence; blocks and <br> still end one', () => {
    const lines = normalise(WRAPPED).text.split('\n');
    expect(lines).toContain(
      'No fractional shares will be issued in connection with the Reverse Stock Split. Any fractional shares that would otherwise have resulted from the Reverse Stock Split will be rounded up to the next whole number.',
    );
    expect(lines.some((l) => l.includes('(the "Reverse Stock Split")'))).toBe(true);
    expect(lines).toContain('Item 9.01');
    expect(lines).toContain('Financial Statements and Exhibits.');
    // Preformatted text keeps its line breaks, as a browser shows it.
    expect(lines).toContain('line one');
    expect(lines).toContain('line two');
  });

  it('a round-up clause cut by a hard wrap is still read as a round-up', () => {
    const text = normalise(WRAPPED).text;
    expect(sentences(text).map((s) => s.text)).toContain(
      'Any fractional shares that would otherwise have resulted from the Reverse Stock Split will be rounded up to the next whole number.',
    );
    expect(classifyFiling(WRAPPED, { form: '8-K', fileDate: '2024-07-12' })).toMatchObject({ rounding: 'ROUND_UP', ratio: 10 });
  });
});
