import { RICH_TEXT_SHOWN } from '@roundup/shared/rich-text.fixtures';
import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { SafeHtml, sanitizeHtml } from './SafeHtml';

// The renderer keeps what the server's sanitizer keeps (RICH_TEXT in @roundup/shared). The server
// is held to the same table in apps/server/src/lib/rich-text.test.ts.
describe('SafeHtml renders with the one rich-text policy', () => {
  it.each(RICH_TEXT_SHOWN)('%s is shown as %s', (input, shown) => {
    expect(sanitizeHtml(input)).toBe(shown);
  });

  it('shows the rules, super- and subscripts, highlights and tables it once stripped', () => {
    render(
      <SafeHtml
        html={
          '<p>1<sup>st</sup> H<sub>2</sub>O <mark>new</mark></p><hr>' +
          '<table><thead><tr><th scope="col">Fee</th><th scope="col">Amount</th></tr></thead>' +
          '<tbody><tr><td>Per trade</td><td>$0</td></tr></tbody></table>'
        }
      />,
    );
    expect(screen.getByText('st').tagName).toBe('SUP');
    expect(screen.getByText('2').tagName).toBe('SUB');
    expect(screen.getByText('new').tagName).toBe('MARK');
    expect(screen.getByRole('separator')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(screen.getByRole('columnheader', { name: 'Fee' })).toHaveAttribute('scope', 'col');
    expect(screen.getByRole('cell', { name: '$0' })).toBeInTheDocument();
    expect(table.querySelectorAll('tr')).toHaveLength(2);
  });
});
