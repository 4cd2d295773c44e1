import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, todayInMarket, type Role } from '@roundup/shared';
import type { Split } from '@roundup/shared/splits';
import { AuthProvider, useMemberRole } from '../../lib/auth';
import { makeUser, mockFetch, storeToken } from '../../test/utils';
import { betaPharma } from './split.fixtures';
import { NoteModal } from './components/NoteModal';
import { SplitAgenda } from './components/SplitAgenda';

const today = todayInMarket();
const split: Split = betaPharma({
  effDate: addDays(today, 3),
  buyDate: addDays(today, 2),
  deadline: { regularClose: '2099-01-01T21:00:00.000Z', haltAt: null },
});
const outcomesPath = `GET /api/rs/${split._id}/outcomes`;
const schwab = { broker: 'Schwab', received: 7, cashInLieu: 1, pending: 2, nothing: 0, members: 5 };

function renderAs(role: Role, ui: React.ReactNode, mayBeOwed: { broker: string; accounts: number }[] = []) {
  storeToken();
  const mocks = mockFetch({
    'GET /api/auth/me': { data: { user: makeUser({ role }) } },
    [outcomesPath]: { data: { open: true, brokers: [schwab], mayBeOwed } },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AuthProvider>{ui}</AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return mocks;
}

afterEach(() => window.localStorage.clear());

/** Shows the session's role once it is known. */
function RoleProbe() {
  return <output data-testid="role">{useMemberRole() ?? 'none'}</output>;
}

describe('what other members got, on the split', () => {
  it('a Pro member reads the per-broker line in the note', async () => {
    renderAs('Pro', <NoteModal split={split} onHide={() => {}} />);
    const box = await screen.findByTestId('peer-outcomes');
    expect(within(box).getByText('Schwab: 7 received, 1 cash in lieu, 2 pending, from 5 members')).toBeVisible();
  });

  it('a member with cash in lieu where most received the share reads that the broker may owe it', async () => {
    renderAs('Member', <NoteModal split={split} onHide={() => {}} />, [{ broker: 'Schwab', accounts: 2 }]);
    expect(await screen.findByTestId('may-be-owed')).toHaveTextContent(
      'You got cash in lieu at Schwab in 2 accounts, where most members received the share: ask Schwab whether it owes you the share.',
    );
  });

  it('an admin reads it on the agenda entry', async () => {
    renderAs('Admin', <SplitAgenda date={split.buyDate} today={today} splits={[split]} canTrade onNote={() => {}} />);
    const box = await screen.findByTestId('peer-outcomes');
    expect(box).toHaveTextContent('Schwab: 7 received, 1 cash in lieu, 2 pending, from 5 members');
  });

  it('a Starter member sees nothing and never asks for it', async () => {
    const { calls } = renderAs(
      'User',
      <>
        <RoleProbe />
        <NoteModal split={split} onHide={() => {}} />
      </>,
    );
    // Once the session is known, nothing was asked for.
    expect(await screen.findByText('User')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/outcomes'))).toBe(false);
    expect(screen.queryByTestId('peer-outcomes')).toBeNull();
  });
});
