import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Split } from '@roundup/shared/splits';
import { makeAccount, mockFetch } from '../../test/utils';
import { TodoList } from './components/TodoList';

// Deadlines read live (the countdown, "Closed" after the close): the clock is 10:00 am New York on the
// tests' "today", Tue Mar 10 2026, so they read the same at any hour. Only Date is faked; timers run.
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-10T14:00:00Z') }));
afterEach(() => vi.useRealTimers());

/** The To do list opens Record Trades for a group; Record Trades shows each broker's rules. */
const today = '2026-03-10';
const webull = makeAccount('w1', 'Webull Cash', 'Webull');
webull.brokerRules = {
  ...webull.brokerRules!,
  minimumOrder: [
    { below: 1, minShares: 100 },
    { below: 0.1, minShares: 1000 },
  ],
  dayOneDelivery: true,
};
const accounts = [webull, makeAccount('f1', 'Fid Cash', 'Fidelity'), makeAccount('v1', 'Vanguard Roth', 'Vanguard', 'blocks')];
const split = {
  _id: 's1',
  name: 'Acme',
  ticker: 'ACME',
  buyDate: today,
  effDate: '2026-03-12',
  price: 0.5,
  status: 'Upcoming',
} as unknown as Split;

function setup() {
  mockFetch({
    'GET /api/trades/progress': { data: { accounts: 3, progress: [] } },
    'GET /api/accounts/mine': { data: { accounts, brokers: [] } },
    'GET /api/accounts/groups': { data: { groups: [{ _id: 'g1', name: 'day one', accountIds: ['v1', 'w1'] }] } },
    'GET /api/trades/split/s1': { data: { trades: [] } },
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <TodoList splits={[split]} today={today} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('To do › Record for a group', () => {
  it('opens Record Trades with the group’s accounts chosen', async () => {
    setup();
    await userEvent.selectOptions(await screen.findByLabelText('Record for'), 'g1');
    await userEvent.click(screen.getByRole('button', { name: /^Record\s*trades for ACME$/ }));
    const modal = await screen.findByRole('dialog');
    expect(await within(modal).findByLabelText('Group')).toHaveValue('g1');
    await userEvent.click(within(modal).getByRole('button', { name: 'Choose accounts (2 of 3)' }));
    expect(within(modal).getByLabelText('Vanguard Roth')).toBeChecked();
    expect(within(modal).getByLabelText('Fid Cash')).not.toBeChecked();
  });

  it('shows the broker’s minimum order at the split’s price, and marks a broker that blocks round-ups', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: /^Record\s*trades for ACME$/ }));
    const modal = await screen.findByRole('dialog');
    const heading = await within(modal).findByRole('heading', { name: /^Webull/ });
    expect(within(heading).getByTestId('broker-rules-note')).toHaveTextContent(
      'Minimum order: 100 shares under $1.00, 1,000 under $0.10 · at $0.50, buy at least 100 · Shares arrive on the effective date',
    );
    expect(within(modal).getByRole('heading', { name: /^Vanguard/ })).toHaveTextContent('Blocks round-up buys');
    expect(within(modal).getByRole('heading', { name: 'Apply to 2 accounts' })).toBeInTheDocument();
  });
});
