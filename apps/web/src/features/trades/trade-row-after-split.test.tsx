import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Trade } from '@roundup/shared';
import { mockFetch } from '../../test/utils';
import { TradeRow } from './components/TradeRow';
import { testAccount, testTrade } from './test-fixtures';

const account = testAccount();
const split = { _id: 's1', name: 'Acme', ticker: 'ACME', buyDate: '2026-03-10', effDate: '2026-03-11' };

describe('TradeRow: a fraction kept and a share clawed back', () => {
  it('Fraction kept asks for the fraction, and the kept sale sells it', async () => {
    const { apiCalls } = mockFetch({
      'POST /api/trades/edit': (body) => ({
        data: { trade: { ...testTrade(), ...(body as { newTrade: Partial<Trade> }).newTrade } },
      }),
    });
    const onSaved = vi.fn();
    render(<TradeRow account={account} split={split} trade={testTrade()} index={0} onSaved={onSaved} />);
    await userEvent.selectOptions(screen.getByLabelText('Charlie outcome'), 'Fraction kept');
    const fraction = await screen.findByLabelText('Charlie fraction received');
    await userEvent.type(fraction, '0.05');
    await userEvent.tab();
    await waitFor(() =>
      expect(apiCalls().some((c) => (c.body as { newTrade: Partial<Trade> }).newTrade.shares_received === 0.05)).toBe(true),
    );
    expect(screen.queryByLabelText('Charlie cash received')).toBeNull();
  });

  it('Clawed back offers the cash the broker paid for the share it took', async () => {
    mockFetch({
      'POST /api/trades/edit': (body) => ({
        data: { trade: { ...testTrade(), ...(body as { newTrade: Partial<Trade> }).newTrade } },
      }),
    });
    render(<TradeRow account={account} split={split} trade={testTrade()} index={0} onSaved={vi.fn()} />);
    await userEvent.selectOptions(screen.getByLabelText('Charlie outcome'), 'Clawed back');
    expect(await screen.findByLabelText('Charlie cash received')).toBeInTheDocument();
    expect(screen.queryByLabelText('Charlie fraction received')).toBeNull();
  });
});
