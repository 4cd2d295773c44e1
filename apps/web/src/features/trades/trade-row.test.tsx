import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Account, Trade } from '@roundup/shared';
import { todayInMarket } from '../../lib/format';
import { mockFetch } from '../../test/utils';
import { TradeRow } from './components/TradeRow';

const account: Account = {
  _id: 'a1',
  userId: 'u1',
  brokerId: 'b1',
  broker: 'Fidelity',
  type: 'Individual Cash',
  nickname: 'Charlie',
  tradeCount: 1,
  active: true,
  brokerRules: null,
};
const split = { _id: 's1', name: 'Acme', ticker: 'ACME', buyDate: '2026-03-10', effDate: '2026-03-11' };
const trade: Trade = {
  _id: 't1',
  userId: 'u1',
  splitId: 's1',
  accountId: 'a1',
  ticker: 'ACME',
  buy_date: '2026-03-10',
  buy_price: 1,
  sell_date: null,
  sell_price: null,
  outcome: 'pending',
  outcome_date: null,
};

describe('TradeRow: the outcome per account (issue 14)', () => {
  it('records what arrived in this account, dated today unless the member gives the day', async () => {
    const { apiCalls } = mockFetch({
      'POST /api/trades/edit': (body) => ({ data: { trade: { ...trade, ...(body as { newTrade: Partial<Trade> }).newTrade } } }),
    });
    const onSaved = vi.fn();
    render(<TradeRow account={account} split={split} trade={trade} index={0} onSaved={onSaved} />);
    await userEvent.selectOptions(screen.getByLabelText('Charlie outcome'), 'Share received');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.getByLabelText('Charlie outcome date')).toHaveValue(todayInMarket());
    const sent = apiCalls().find((c) => c.path === '/api/trades/edit')!.body as { newTrade: Partial<Trade> };
    expect(sent.newTrade).toMatchObject({ _id: 't1', outcome: 'share_received', outcome_date: todayInMarket() });
    // Back to pending clears the date, which the server requires.
    await userEvent.selectOptions(screen.getByLabelText('Charlie outcome'), 'Pending');
    await waitFor(() => expect(apiCalls().filter((c) => c.path === '/api/trades/edit')).toHaveLength(2));
    expect(screen.getByLabelText('Charlie outcome date')).toHaveValue('');
    expect((apiCalls().at(-1)!.body as { newTrade: Partial<Trade> }).newTrade).toMatchObject({
      outcome: 'pending',
      outcome_date: null,
    });
  });

  it('shows a stored outcome, and the server’s refusal beside the row', async () => {
    mockFetch({ 'POST /api/trades/add': { status: 400, errors: [{ msg: 'Record the buy before its outcome' }] } });
    render(<TradeRow account={account} split={split} trade={undefined} index={0} onSaved={vi.fn()} />);
    await userEvent.selectOptions(screen.getByLabelText('Charlie outcome'), 'Cash in lieu');
    expect(await screen.findByRole('alert')).toHaveTextContent('Record the buy before its outcome');
    expect(screen.getByLabelText('Charlie outcome')).toHaveAccessibleDescription('Record the buy before its outcome');
  });
});
