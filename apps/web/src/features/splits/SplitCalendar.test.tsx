import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MaskedSplit, Split } from '@roundup/shared/splits';
import { addDays, todayInMarket } from '@roundup/shared/dates';
import { splitDeadline } from '@roundup/shared/deadline';
import { SplitCalendar } from './components/SplitCalendar';
import { SplitTables } from './components/SplitTables';
import { StarterBanner } from './pages/ReverseSplitsPage';
import { makeUser, mockFetch, renderApp, storeToken, type MockHandler } from '../../test/utils';

// Deadlines read live (the countdown, "Closed" after the close): the clock is 10:00 am New York on the
// tests' "today", Tue Mar 10 2026, so they read the same at any hour. Only Date is faked; timers run.
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-10T14:00:00Z') }));
afterEach(() => vi.useRealTimers());

const base: Split = {
  _id: 'a',
  name: 'Acme Robotics',
  ticker: 'ACME',
  effDate: '2026-03-11',
  buyDate: '2026-03-10',
  ratio: 25,
  price: 0.4,
  estProfit: 9.6,
  avgProfit: 0,
  status: 'Upcoming',
  rsType: 'Round Up',
  source: null,
  notes: 'Check your broker.',
  caution: false,
  exchange: 'Nasdaq',
  deadline: { regularClose: '2026-03-10T20:00:00.000Z', haltAt: '2026-03-10T23:50:00.000Z' },
  masked: false,
};
/** What the server sends a Starter for a split they may not see: days, status, asterisks, a placeholder id. */
const masked: MaskedSplit = {
  _id: 'masked-1',
  name: '*****',
  ticker: '*****',
  buyDate: '2026-03-12',
  effDate: '2026-03-13',
  status: 'Upcoming',
  masked: true,
};
const done: Split = {
  ...base,
  _id: 'd',
  name: 'Done Corp',
  ticker: 'DONE',
  status: 'Complete',
  buyDate: '2026-03-02',
  effDate: '2026-03-03',
  avgProfit: 4.25,
};

function renderWith(ui: React.ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SplitCalendar', () => {
  it('shows the month, a 42-day grid with markers, today selected, and the agenda', () => {
    const onNote = vi.fn();
    renderWith(<SplitCalendar splits={[base, masked, done]} today="2026-03-10" canTrade={false} onNote={onNote} />);
    expect(screen.getByTestId('cal-month')).toHaveTextContent('March 2026');
    expect(document.querySelectorAll('button[data-date]')).toHaveLength(42);
    expect(document.querySelectorAll('.ru-cal-marker')).toHaveLength(3);
    expect(document.querySelector('button[data-date="2026-03-10"]')).toHaveClass('is-today', 'is-selected');
    const agenda = screen.getByTestId('agenda');
    expect(agenda).toHaveTextContent('Tuesday');
    expect(agenda).toHaveTextContent('March 10, 2026');
    expect(agenda).toHaveTextContent('Acme Robotics');
    expect(agenda).toHaveTextContent('Ratio 25:1');
    expect(agenda).toHaveTextContent('Est. profit $9.60');
    // The deadline to the minute, on the exchange's clock; March 10 2026 is daylight time.
    expect(within(agenda).getByTestId('deadline')).toHaveTextContent('Buy by 4:00 pm ET Tue Mar 10; halt 7:50 pm ET · Nasdaq');
    fireEvent.click(within(agenda).getByRole('button', { name: 'Note for ACME' }));
    expect(onNote).toHaveBeenCalledWith(base);
    // footer: sum of avgProfit with effDate in March
    expect(screen.getByTestId('cal-footer')).toHaveTextContent('March 2026 average profit: $4.25 per account (estimate)');
  });

  it('shows the misspelled empty message, masked entries with an upgrade button, and the average profit of Complete splits', () => {
    renderWith(<SplitCalendar splits={[base, masked, done]} today="2026-03-10" canTrade={false} onNote={vi.fn()} />);
    fireEvent.click(document.querySelector('button[data-date="2026-03-04"]')!);
    expect(screen.getByTestId('agenda')).toHaveTextContent('No Reverse Spilts announced');
    fireEvent.click(document.querySelector('button[data-date="2026-03-12"]')!);
    expect(screen.getByTestId('agenda')).toHaveTextContent('*****');
    expect(screen.getByTestId('agenda')).toHaveTextContent('Ratio, price and profit are for Pro members.');
    // A masked row has no deadline: the server sent none.
    expect(within(screen.getByTestId('agenda')).queryByTestId('deadline')).toBeNull();
    expect(screen.getByTestId('agenda')).not.toHaveTextContent('undefined');
    expect(screen.getByTestId('agenda')).not.toHaveTextContent('NaN');
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/upgrade/pro');
    fireEvent.click(document.querySelector('button[data-date="2026-03-02"]')!);
    expect(screen.getByTestId('agenda')).toHaveTextContent('Avg. profit $4.25');
  });

  it('moves between months, validates the go-to field and returns with Today', () => {
    renderWith(<SplitCalendar splits={[]} today="2026-12-15" canTrade={false} onNote={vi.fn()} />);
    const month = screen.getByTestId('cal-month');
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(month).toHaveTextContent('January 2027');
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(month).toHaveTextContent('November 2026');
    const input = screen.getByPlaceholderText('MM/YYYY');
    for (const bad of ['0/2026', '13/2026', '1/202', '5/', '']) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Go' }));
      expect(screen.getByText('Invalid Date')).toBeInTheDocument();
    }
    fireEvent.change(input, { target: { value: '02/24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(month).toHaveTextContent('February 2024');
    expect(screen.queryByText('Invalid Date')).not.toBeInTheDocument();
    expect(document.querySelector('button[data-date="2024-02-29"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(month).toHaveTextContent('December 2026');
  });

  it('is a WAI-ARIA grid: one tab stop, arrows by day and week, Home/End, PageUp/PageDown by month, Enter opens the day', async () => {
    const user = userEvent.setup();
    renderWith(<SplitCalendar splits={[base, masked]} today="2026-03-10" canTrade={false} onNote={vi.fn()} />);
    const focused = () => (document.activeElement as HTMLElement).getAttribute('data-date');
    const month = screen.getByTestId('cal-month');
    // One day is in the tab order: today; the month buttons are reached with PageUp/PageDown.
    expect(document.querySelectorAll('[role="grid"] [tabindex="0"]')).toHaveLength(1);
    expect(document.querySelector('button[data-date="2026-03-10"]')).toHaveAttribute('tabindex', '0');
    await user.tab();
    expect(focused()).toBe('2026-03-10');
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe('2026-03-11');
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('2026-03-18');
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(focused()).toBe('2026-03-10');
    await user.keyboard('{Home}');
    expect(focused()).toBe('2026-03-08');
    await user.keyboard('{End}');
    expect(focused()).toBe('2026-03-14');
    // Only the focused day is a tab stop.
    expect(document.querySelectorAll('[role="grid"] [tabindex="0"]')).toHaveLength(1);
    await user.keyboard('{PageDown}');
    expect(focused()).toBe('2026-04-14');
    expect(month).toHaveTextContent('April 2026');
    await user.keyboard('{PageUp}{PageUp}');
    expect(focused()).toBe('2026-02-14');
    expect(month).toHaveTextContent('February 2026');
    // Arrowing past the month's end shows the next month.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(focused()).toBe('2026-03-07');
    expect(month).toHaveTextContent('March 2026');
    // Moving focus does not change the agenda; Enter opens the day.
    expect(screen.getByTestId('agenda')).toHaveTextContent('March 10, 2026');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(focused()).toBe('2026-03-12');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('agenda')).toHaveTextContent('March 12, 2026');
    expect(screen.getByTestId('agenda')).toHaveTextContent('*****');
    expect(focused()).toBe('2026-03-12');
    // Tab leaves the grid at once.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByPlaceholderText('MM/YYYY'));
    await user.tab({ shift: true });
    expect(focused()).toBe('2026-03-12');
  });
});

describe('SplitTables', () => {
  it('lists upcoming with a Today badge and pages Completed by 10', () => {
    const completed = Array.from({ length: 23 }, (_, i): Split => ({
      ...done,
      _id: `c${i}`,
      ticker: `C${String(i).padStart(2, '0')}`,
      effDate: `2025-01-${String(i + 1).padStart(2, '0')}`,
      buyDate: `2025-01-${String(i + 1).padStart(2, '0')}`,
      caution: i === 0,
    }));
    renderWith(<SplitTables splits={[base, ...completed]} today="2026-03-10" fullAccess canTrade={false} onNote={vi.fn()} />);
    const up = screen.getAllByTestId('upcoming-row');
    expect(up).toHaveLength(1);
    expect(up[0]).toHaveTextContent('Today');
    expect(within(up[0]).getByTestId('deadline')).toHaveTextContent('Buy by 4:00 pm ET Tue Mar 10; halt 7:50 pm ET');
    expect(screen.getAllByTestId('completed-row')).toHaveLength(10);
    expect(screen.getAllByTestId('completed-row')[0]).toHaveTextContent('C22'); // newest first
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    const last = screen.getAllByTestId('completed-row');
    expect(last).toHaveLength(3);
    expect(last[2]).toHaveClass('ru-caution');
  });

  it('blurs the upcoming table for a Starter with masked rows', () => {
    const maskedDone: MaskedSplit = { ...masked, _id: 'masked-2', status: 'Complete' };
    renderWith(
      <SplitTables splits={[masked, maskedDone, done]} today="2026-03-10" fullAccess={false} canTrade={false} onNote={vi.fn()} />,
    );
    expect(document.querySelector('.ru-blurred')).not.toBeNull();
    const [row] = screen.getAllByTestId('upcoming-row');
    expect(row).toHaveTextContent('*****');
    expect(row).toHaveTextContent('Mar 12, 2026');
    expect(within(row).getAllByLabelText('Pro only')).toHaveLength(3);
    expect(within(row).queryByTestId('deadline')).toBeNull();
    expect(document.body).not.toHaveTextContent(/undefined|NaN/);
    expect(screen.getAllByTestId('completed-row')).toHaveLength(2);
    expect(screen.getByText('Upcoming reverse splits are for Pro members.')).toBeInTheDocument();
  });
});

describe('the deadline in the member’s own time zone', () => {
  it('shows New York time and the zone from the member’s profile beside it', async () => {
    const today = todayInMarket();
    const split: Split = {
      ...base,
      buyDate: today,
      effDate: addDays(today, 3),
      exchange: 'NYSE',
      deadline: splitDeadline(today, 'NYSE'),
    };
    storeToken();
    mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Pro', timeZone: 'America/Los_Angeles' }) } },
      'GET /api/rs': { data: { splits: [split] } },
    });
    renderApp('/reverse-splits');
    const deadline = await within(await screen.findByTestId('agenda')).findByTestId('deadline');
    expect(deadline).toHaveTextContent(/^Buy by \d+:\d\d pm ET \(\d+:\d\d [ap]m PT\) \w{3} \w{3} \d+; halt 7:50 pm ET · NYSE$/);
  });
});

describe('the admin split list flags what holds a split back', () => {
  it('marks a conflict and a participant-level round-up on their rows', async () => {
    storeToken();
    const conflicted: Split = {
      ...base,
      _id: 'c1',
      name: 'Conflicted Corp',
      ticker: 'CONF',
      ratio: 50,
      confirmation: {
        state: 'conflict',
        sources: [{ source: 'nasdaq', seenAt: '2026-03-09T14:00:00Z', ratio: 40, marketDate: '2026-03-11', url: 'x' }],
      },
    };
    const participant: Split = { ...base, _id: 'p1', name: 'Participant Corp', ticker: 'PART', participant: true };
    mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Admin', username: 'boss' }) } },
      'GET /api/rs': { data: { splits: [conflicted, participant] } },
    });
    renderApp('/admin/reverse-splits');
    const conflictRow = (await screen.findByRole('link', { name: 'Conflicted Corp' })).closest('tr')!;
    expect(within(conflictRow).getByTestId('call')).toHaveTextContent('Round up: Nasdaq says 1-for-40');
    expect(within(conflictRow).getByTestId('admin-conflict')).toHaveTextContent('Sources disagree');
    const participantRow = screen.getByRole('link', { name: 'Participant Corp' }).closest('tr')!;
    expect(within(participantRow).getByTestId('call')).toHaveTextContent('Round up (participant level)');
    expect(within(participantRow).queryByTestId('admin-conflict')).toBeNull();
  });
});

describe('admin split delete', () => {
  const split: Split = { ...base, _id: 'sp1', name: 'Keepsake Corp', ticker: 'KEEP', status: 'Complete' };
  function asAdmin(handlers: Record<string, MockHandler>) {
    storeToken();
    return mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Admin', username: 'boss' }) } },
      'GET /api/rs': { data: { splits: [split] } },
      ...handlers,
    });
  }

  it('shows the count of members’ trades and archives only after confirmation', async () => {
    const question =
      'Members have 3 trades recorded on this split. It will be archived, not deleted: it leaves the calendar, tables and alerts, and members keep their trades and analytics. Confirm to archive it.';
    const { apiCalls } = asAdmin({
      'POST /api/rs/delete': (body) =>
        (body as { confirm?: boolean }).confirm
          ? { data: { id: 'sp1', deleted: false, archived: true, trades: 3 } }
          : { status: 409, errors: [{ msg: question }] },
    });
    const { router } = renderApp('/admin/reverse-splits');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    const row = (await screen.findByRole('link', { name: 'Keepsake Corp' })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /delete/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete split?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const asked = await screen.findByRole('dialog', { name: 'Archive split?' });
    expect(await within(asked).findByTestId('archive-question')).toHaveTextContent(
      'Members have 3 trades recorded on this split.',
    );
    expect(visited).not.toContain('/refresh');
    await userEvent.click(within(asked).getByRole('button', { name: 'Archive split' }));
    await waitFor(() => expect(visited).toContain('/refresh'));
    expect(
      apiCalls()
        .filter((c) => c.path === '/api/rs/delete')
        .map((c) => c.body),
    ).toEqual([{ id: 'sp1' }, { id: 'sp1', confirm: true }]);
  });

  it('deletes a split without trades at once', async () => {
    const { apiCalls } = asAdmin({ 'POST /api/rs/delete': { data: { id: 'sp1', deleted: true, archived: false, trades: 0 } } });
    const { router } = renderApp('/admin/reverse-splits');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    const row = (await screen.findByRole('link', { name: 'Keepsake Corp' })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /delete/i }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete split?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(visited).toContain('/refresh'));
    expect(apiCalls().filter((c) => c.path === '/api/rs/delete')).toHaveLength(1);
  });
});

describe('admin split page: members’ record', () => {
  it('shows how many recorded accounts received the share', async () => {
    const split: Split = { ...base, _id: 'sp2', name: 'Record Corp', ticker: 'RCRD', status: 'Complete' };
    storeToken();
    mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Admin', username: 'boss' }) } },
      'GET /api/rs': { data: { splits: [split] } },
      'GET /api/rs/ticker/sp2': { data: { split } },
      'GET /api/trades/split-stats/sp2': {
        data: {
          stats: {
            splitId: 'sp2',
            trades: 4,
            members: 3,
            avgProfit: 2.5,
            outcomes: { accounts: 10, recorded: 8, shareReceived: 6, cashInLieu: 1, noCredit: 1 },
          },
        },
      },
    });
    renderApp('/admin/reverse-splits/view/sp2');
    expect(await screen.findByTestId('split-outcomes')).toHaveTextContent(
      'Round-up record: 6 of 8 recorded accounts received the share (75%); 1 got cash, 1 nothing; 2 not recorded yet.',
    );
  });
});

describe('a member’s progress and to-do on /reverse-splits', () => {
  it('shows bought, received and sold of the active accounts, and what to buy by tomorrow and to sell', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const plus = (n: number) => {
      const d = new Date(`${today}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10);
    };
    const due: Split = {
      ...base,
      _id: 'due1',
      name: 'Due Corp',
      ticker: 'DUE',
      status: 'Upcoming',
      buyDate: plus(1),
      effDate: plus(3),
      deadline: splitDeadline(plus(1), 'Nasdaq'),
    };
    const held: Split = {
      ...base,
      _id: 'held1',
      name: 'Held Corp',
      ticker: 'HELD',
      status: 'Complete',
      buyDate: plus(-9),
      effDate: plus(-7),
    };
    storeToken();
    mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Pro' }) } },
      'GET /api/rs': { data: { splits: [due, held] } },
      'GET /api/trades/progress': {
        data: {
          accounts: 20,
          progress: [
            { splitId: 'due1', bought: 14, received: 0, sold: 0, receivedUnsold: 0 },
            { splitId: 'held1', bought: 20, received: 3, sold: 1, receivedUnsold: 2 },
          ],
        },
      },
    });
    renderApp('/reverse-splits');
    const todo = await screen.findByTestId('todo');
    expect(todo).toHaveTextContent(/BuyDUE by tomorrow, .*: 6 of 20 accounts left/);
    expect(todo).toHaveTextContent('SellHELD: 2 received shares not sold yet');
    await userEvent.click(screen.getByText('Table', { exact: true }));
    expect(await screen.findByTestId('progress-held1')).toHaveTextContent('20/20 bought · 3/20 received · 1/20 sold');
    expect(screen.getByTestId('progress-due1')).toHaveTextContent('14/20 bought · 0/20 received · 0/20 sold');
  });
});

describe('StarterBanner', () => {
  it('states the real rule, how many splits are hidden and when the next one opens', () => {
    const later: MaskedSplit = { ...masked, _id: 'masked-2', buyDate: '2026-03-20', effDate: '2026-03-21' };
    renderWith(<StarterBanner splits={[later, masked, done]} />);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('the day after its buy date (New York time), once it is too late to buy');
    expect(screen.getByTestId('starter-hidden')).toHaveTextContent(
      '2 announced splits are hidden from you; the next opens on Friday, March 13.',
    );
    expect(within(note).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/upgrade/pro');
  });

  it('says when nothing is hidden, and claims no count before the list has loaded', () => {
    const { rerender } = renderWith(<StarterBanner splits={undefined} />);
    expect(screen.getByRole('note')).toHaveTextContent('the day after its buy date');
    expect(screen.queryByTestId('starter-hidden')).not.toBeInTheDocument();
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <StarterBanner splits={[done]} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('starter-hidden')).toHaveTextContent('No announced split is hidden from you right now.');
  });
});
