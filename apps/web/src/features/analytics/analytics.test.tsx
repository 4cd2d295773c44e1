import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../test/utils';
import { leftOutMessage, TaxExportForm } from './components/TaxExportForm';

describe('leftOutMessage (the member learns what the tax export left out, and why)', () => {
  it.each([
    [undefined, null],
    [{ year: 2026, trades: 0, accountTypes: [] }, null],
    [
      { year: 2026, trades: 1, accountTypes: ['Roth IRA'] },
      '1 sale in your Roth IRA account is left out of the 2026 file: sales inside tax-advantaged accounts are not reported on Form 8949.',
    ],
    [
      { year: 2025, trades: 3, accountTypes: ['Roth IRA', 'Traditional IRA'] },
      '3 sales in your Roth IRA and Traditional IRA accounts are left out of the 2025 file: sales inside tax-advantaged accounts are not reported on Form 8949.',
    ],
    [
      { year: 2025, trades: 4, accountTypes: ['HSA', 'Roth IRA', 'SEP'] },
      '4 sales in your HSA, Roth IRA, and SEP accounts are left out of the 2025 file: sales inside tax-advantaged accounts are not reported on Form 8949.',
    ],
  ])('%j → %s', (input, expected) => expect(leftOutMessage(input)).toBe(expected));
});

describe('Tax export form', () => {
  it('says for the chosen year how many sales are left out, and reports it after the download', async () => {
    const leftOut = [{ year: 2025, trades: 2, accountTypes: ['Roth IRA', 'Traditional IRA'] }];
    mockFetch({
      'GET /api/analytics/tax-export?year=2025': {
        data: {
          year: 2025,
          filename: 'roundup-form-8949-2025.csv',
          rows: 3,
          leftOut: leftOut[0],
          reconcile: { realizedCents: 1100, leftOutCents: 550, form8949Cents: 550 },
          csv: '\uFEFF(a) Description of property\r\n',
        },
      },
    });
    const createObjectURL = vi.fn(() => 'blob:tax');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<TaxExportForm years={[2026, 2025]} currentYear={2026} leftOut={leftOut} />);

    expect(screen.getByText(/Trades in Traditional IRA, Roth IRA, HSA, ESA, and SEP accounts are left out/)).toBeInTheDocument();
    expect(screen.queryByTestId('tax-left-out')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Tax year'), '2025');
    // One line reconciles the year's realized profit with the form, by amount, from the export's own numbers.
    await screen.findByRole('status');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Form 8949 for 2025: $5.50 = realized $11.00 − $5.50 from 2 sales in your Roth IRA and Traditional IRA accounts, left out (not reported on Form 8949).',
      ),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(screen.getByText('3 sales exported; 2 in tax-advantaged accounts left out.')).toBeInTheDocument());
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});
