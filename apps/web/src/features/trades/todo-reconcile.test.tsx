import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Split } from '@roundup/shared/splits';
import { mockFetch } from '../../test/utils';
import { TodoList } from './components/TodoList';

/** To do lists accounts with no outcome past the due day, and cash in lieu that may be owed. */
const today = '2026-03-20';
const late = { _id: 's1', name: 'Late Co', ticker: 'LATE', buyDate: '2026-03-11', effDate: '2026-03-12', status: 'Complete' };
const owed = { ...late, _id: 's2', ticker: 'OWED' };

function setup() {
  mockFetch({
    'GET /api/trades/progress': { data: { accounts: 3, progress: [] } },
    'GET /api/accounts/groups': { data: { groups: [] } },
    'GET /api/trades/reconcile': {
      data: {
        overdue: [{ splitId: 's1', ticker: 'LATE', broker: 'Schwab', accounts: 2, dueDate: '2026-03-17' }],
        mayBeOwed: [{ splitId: 's2', ticker: 'OWED', broker: 'Webull', accounts: 1 }],
      },
    },
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <TodoList splits={[late, owed] as unknown as Split[]} today={today} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('To do › reconciliation', () => {
  it('shows the overdue accounts and the cash in lieu a broker may owe, each with Record', async () => {
    setup();
    const list = await screen.findByTestId('todo');
    const check = (await within(list).findByText(/no outcome yet/)).closest('li')!;
    expect(check).toHaveTextContent('CheckLATE: no outcome yet in 2 accounts at Schwab (expected by Mar 17)');
    expect(within(check).getByRole('button', { name: /Record\s*trades for LATE/ })).toBeVisible();
    const ask = within(list)
      .getByText(/may owe you/)
      .closest('li')!;
    expect(ask).toHaveTextContent(
      'AskOWED: cash in lieu in 1 account at Webull on a split that rounded up; Webull may owe you the share',
    );
  });
});
