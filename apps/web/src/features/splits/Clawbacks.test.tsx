import { screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../../test/utils';
import { ClawbackRecords } from './components/ClawbackRecords';

const saved = {
  _id: 'c1',
  cik: null,
  ticker: 'UPXI',
  name: 'Upexi Inc',
  kind: 'litigated',
  date: '2024-11-18',
  source: 'https://example.org/upexi',
  createdAt: '2026-11-28T09:00:00Z',
};

describe('admin: issuer clawbacks (decision 045)', () => {
  it('refuses a record without an https source beside its field, then records one with its link', async () => {
    let records: unknown[] = [];
    const { calls } = mockFetch({
      'GET /api/admin/clawbacks': () => ({ data: { clawbacks: records } }),
      'POST /api/admin/clawbacks': () => {
        records = [saved];
        return { data: { clawback: saved } };
      },
    });
    renderWithProviders(<ClawbackRecords />);
    await userEvent.type(screen.getByLabelText('Company'), 'Upexi Inc');
    await userEvent.type(screen.getByLabelText('Ticker'), 'upxi');
    await userEvent.selectOptions(screen.getByLabelText('What it did'), 'litigated');
    await userEvent.type(screen.getByLabelText('When'), '2024-11-18');
    await userEvent.type(screen.getByLabelText('Source link'), 'ftp://example.org/upexi');
    await userEvent.click(screen.getByRole('button', { name: 'Record clawback' }));
    expect(await screen.findByText('Source link must be an https:// link')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Source link'));
    await userEvent.type(screen.getByLabelText('Source link'), 'https://example.org/upexi');
    await userEvent.click(screen.getByRole('button', { name: 'Record clawback' }));
    const item = await screen.findByTestId('clawback');
    expect(item).toHaveTextContent('UPXI · Upexi Inc: sued over them on 2024-11-18 (source)');
    expect(within(item).getByRole('link', { name: 'source' })).toHaveAttribute('href', 'https://example.org/upexi');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Upexi Inc',
      ticker: 'UPXI',
      cik: null,
      kind: 'litigated',
      date: '2024-11-18',
      source: 'https://example.org/upexi',
    });
  });
});
