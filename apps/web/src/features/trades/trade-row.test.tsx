import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Trade } from '@roundup/shared';
import { todayInMarket } from '../../lib/format';
import { mockFetch } from '../../test/utils';
import { TradeRow } from './components/TradeRow';
import { testAccount, testTrade } from './test-fixtures';

const account = testAccount();
const split = { _id: 's1', name: 'Acme', ticker: 'ACME', buyDate: '2026-03-10', effDate: '2026-03-11' };
const trade = testTrade();

describe('TradeRow: the outcome per account', () => {
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

describe('TradeRow: a multi-leg trade', () => {
  const dance = testTrade({
    sell_date: '2026-03-10',
    sell_price: 0.48,
    buy_price: 0.5,
    legs: [
      { side: 'buy', date: '2026-03-10', quantity: 100, price: 0.5 },
      { side: 'sell', date: '2026-03-10', quantity: 99, price: 0.48 },
    ],
  });

  it('the sell fields are the kept share’s sale: typing its price adds a sell leg and keeps the pre-split sale of 99', async () => {
    const { apiCalls } = mockFetch({
      'POST /api/trades/edit': (body) => ({ data: { trade: { ...dance, ...(body as { newTrade: Partial<Trade> }).newTrade } } }),
    });
    render(<TradeRow account={account} split={split} trade={dance} index={0} onSaved={vi.fn()} />);
    expect(screen.getByTestId('trade-legs-note')).toHaveTextContent('Buy 100 · sold 99 at 0.48 on Mar 10');
    expect(screen.getByLabelText('Charlie sell kept share at')).toHaveValue(null);
    await userEvent.type(screen.getByLabelText('Charlie sell kept share on'), '2026-03-12');
    await userEvent.type(screen.getByLabelText('Charlie sell kept share at'), '9{Enter}');
    await waitFor(() => expect(apiCalls().filter((c) => c.path === '/api/trades/edit').length).toBeGreaterThan(0));
    const sent = (apiCalls().at(-1)!.body as { newTrade: Record<string, unknown> }).newTrade;
    expect(sent.legs).toEqual([
      { side: 'buy', date: '2026-03-10', quantity: 100, price: 0.5 },
      { side: 'sell', date: '2026-03-10', quantity: 99, price: 0.48 },
      { side: 'sell', date: '2026-03-12', quantity: 1, price: 9 },
    ]);
    expect(sent.sell_price).toBeUndefined();
  });
});

describe('TradeRow: the profit of a dance counts the 99 shares sold', () => {
  it('buy 100 at 0.50, sell 99 at 0.48, the kept share at 9.99 → $7.51, not the row’s 9.99 − 0.50', () => {
    const sold = testTrade({
      buy_price: 0.5,
      sell_price: 9.99,
      legs: [
        { side: 'buy', date: '2026-03-10', quantity: 100, price: 0.5 },
        { side: 'sell', date: '2026-03-10', quantity: 99, price: 0.48 },
        { side: 'sell', date: '2026-03-12', quantity: 1, price: 9.99 },
      ],
    });
    render(<TradeRow account={account} split={split} trade={sold} index={0} onSaved={vi.fn()} />);
    expect(screen.getByTitle('Realized profit')).toHaveTextContent('$7.51');
  });
});

describe('TradeRow: quantities and the cash received', () => {
  const echo = (body: unknown) => ({ data: { trade: { ...trade, ...(body as { newTrade: Partial<Trade> }).newTrade } } });
  const lastSent = (calls: { path: string; body: unknown }[]) =>
    (calls.filter((c) => c.path === '/api/trades/edit').at(-1)!.body as { newTrade: Record<string, unknown> }).newTrade;

  it('a quantity other than 1 saves the row as legs', async () => {
    const { apiCalls } = mockFetch({ 'POST /api/trades/edit': echo });
    const one = testTrade({
      buy_price: 0.5,
      buy_date: '2026-03-10',
      legs: [{ side: 'buy', date: '2026-03-10', quantity: 1, price: 0.5 }],
    });
    render(<TradeRow account={account} split={split} trade={one} index={0} onSaved={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Charlie: change the shares bought and sold' }));
    const bought = screen.getByLabelText('Charlie shares bought');
    expect(bought).toHaveValue(1);
    await userEvent.clear(bought);
    await userEvent.type(bought, '100{Enter}');
    await waitFor(() => expect(apiCalls().filter((c) => c.path === '/api/trades/edit')).toHaveLength(1));
    expect(lastSent(apiCalls())).toMatchObject({ legs: [{ side: 'buy', date: '2026-03-10', quantity: 100, price: 0.5 }] });
    expect(lastSent(apiCalls()).buy_price).toBeUndefined();
  });

  it('"Cash received" shows with cash in lieu only, and is sent with it', async () => {
    const { apiCalls } = mockFetch({ 'POST /api/trades/edit': echo });
    render(<TradeRow account={account} split={split} trade={trade} index={0} onSaved={vi.fn()} />);
    expect(screen.queryByLabelText('Charlie cash received')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Charlie outcome'), 'Cash in lieu');
    await userEvent.type(screen.getByLabelText('Charlie cash received'), '0.42{Enter}');
    await waitFor(() => expect(lastSent(apiCalls())).toMatchObject({ outcome: 'cash_in_lieu', cash_in_lieu_amount: 0.42 }));
    await userEvent.selectOptions(screen.getByLabelText('Charlie outcome'), 'Share received');
    expect(screen.queryByLabelText('Charlie cash received')).toBeNull();
    await waitFor(() => expect(lastSent(apiCalls())).toMatchObject({ outcome: 'share_received', cash_in_lieu_amount: null }));
  });
});
