import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, mockFetch, renderApp, storeToken } from '../../test/utils';
import { AccountDialog } from './components/AccountDialog';

const brokers = [{ _id: 'b1', name: 'Fidelity', shareReturnTime: 3 }];
const renderDialog = (onClose = vi.fn()) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AccountDialog account={null} brokers={brokers} onClose={onClose} />
    </QueryClientProvider>,
  );

describe('AccountDialog', () => {
  it('shows every missing field at once beside it and focuses the first, without calling the server', async () => {
    const { apiCalls } = mockFetch();
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Add account' }));
    const nickname = screen.getByLabelText('Nickname');
    expect(nickname).toHaveAttribute('aria-invalid', 'true');
    expect(nickname).toHaveAccessibleDescription('Nickname is required');
    expect(screen.getByLabelText('Broker')).toHaveAccessibleDescription('Choose a broker from the list');
    expect(screen.getByLabelText('Type')).toHaveAccessibleDescription('Choose an account type');
    await waitFor(() => expect(nickname).toHaveFocus());
    expect(apiCalls()).toHaveLength(0);
    // Fixing one leaves the others flagged.
    await userEvent.selectOptions(screen.getByLabelText('Broker'), 'b1');
    expect(screen.getByLabelText('Broker')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Type')).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts a server problem on its field, and one without a field under the form', async () => {
    mockFetch({
      'POST /api/accounts/add': {
        status: 400,
        errors: [{ msg: 'Nickname must be at most 40 characters', path: 'nickname' }, { msg: 'You have too many accounts' }],
      },
    });
    const onClose = vi.fn();
    renderDialog(onClose);
    await userEvent.type(await screen.findByLabelText('Nickname'), 'Roth');
    await userEvent.selectOptions(screen.getByLabelText('Broker'), 'b1');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Individual Cash');
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(screen.getByLabelText('Nickname')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Nickname')).toHaveAccessibleDescription('Nickname must be at most 40 characters');
    expect(screen.getByRole('alert')).toHaveTextContent('You have too many accounts');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Settings › Accounts: by broker', () => {
  const account = (id: string, nickname: string, broker: string) => ({
    _id: id,
    userId: 'u1',
    brokerId: broker,
    broker,
    type: 'Individual Cash' as const,
    nickname,
    tradeCount: 0,
    active: true,
  });

  it('lists accounts under their broker, brokers in the order of the member’s first account at each', async () => {
    storeToken();
    mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Pro' }) } },
      'GET /api/accounts/mine': {
        data: {
          accounts: [
            account('1', 'Schwab IRA', 'Schwab'),
            account('2', 'Fid Cash', 'Fidelity'),
            account('3', 'Schwab Cash', 'Schwab'),
          ],
          brokers: [],
        },
      },
    });
    renderApp('/settings/accounts');
    await screen.findByText('Fid Cash');
    expect(screen.getAllByTestId('account-nickname').map((n) => n.textContent)).toEqual([
      'Schwab IRA',
      'Schwab Cash',
      'Fid Cash',
    ]);
    expect(screen.getAllByRole('columnheader', { name: / · / }).map((h) => h.textContent)).toEqual([
      'Schwab · 2 accounts',
      'Fidelity · 1 account',
    ]);
  });
});
