import { act, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAccount, makeUser, mockFetch, renderApp, storeToken, type MockReply } from '../../test/utils';
import { betaPharma } from './split.fixtures';

/**
 * Record Trades stays open however the split list refreshes under it: a live split update that moves the
 * split to another table, or a refresh that fails. The list refreshes through the page's own live stream
 * (an EventSource "splits" event), as the server sends it when an admin changes a split.
 */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  private listeners = new Map<string, Array<() => void>>();
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  close() {}
}

afterEach(() => {
  FakeEventSource.last = null;
  vi.unstubAllGlobals();
});

const acme = betaPharma({ _id: 'acme1', name: 'Acme Robotics', ticker: 'ACME' });

/** A Pro member on /reverse-splits (table view) with Record Trades open on ACME; `list` is what GET /api/rs answers next. */
async function openRecordTrades() {
  let list: MockReply = { data: { splits: [acme] } };
  storeToken();
  mockFetch({
    'GET /api/auth/me': { data: { user: makeUser({ role: 'Pro' }) } },
    'GET /api/rs': () => list,
    'GET /api/rs/pipeline': { data: { entries: [] } },
    'POST /api/events/ticket': { data: { ticket: 't1' } },
    'GET /api/trades/progress': { data: { accounts: 1, progress: [] } },
    'GET /api/trades/reconcile': { data: { overdue: [], mayBeOwed: [] } },
    'GET /api/accounts/mine': { data: { accounts: [makeAccount('a1', 'Alpha', 'Schwab')] } },
    'GET /api/accounts/groups': { data: { groups: [] } },
    'GET /api/trades/split/acme1': { data: { trades: [] } },
  });
  vi.stubGlobal('EventSource', FakeEventSource);
  renderApp('/reverse-splits');
  await userEvent.click(await screen.findByText('Table', { exact: true }));
  await userEvent.click(await screen.findByTestId('record-trades-ACME'));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Record Trades · ACME')).toBeVisible();
  await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
  /** The server says the splits changed; the page refetches and GET /api/rs answers `next`. */
  const refresh = async (next: MockReply) => {
    list = next;
    act(() => FakeEventSource.last!.emit('splits'));
  };
  /** What GET /api/rs answers from now on, without a live update. */
  const answer = (next: MockReply) => {
    list = next;
  };
  return { dialog, refresh, answer };
}

describe('Record Trades while the split list refreshes', () => {
  it('stays open when a live update moves the split from Upcoming to Completed', async () => {
    const { refresh } = await openRecordTrades();
    await refresh({ data: { splits: [{ ...acme, status: 'Complete' }] } });
    await waitFor(() => expect(screen.getByTestId('completed-row')).toHaveTextContent('Acme Robotics'));
    expect(within(screen.getByRole('dialog')).getByText('Record Trades · ACME')).toBeVisible();
  });

  it('stays open, and the list stays shown, when a refresh fails', async () => {
    const { refresh } = await openRecordTrades();
    await refresh({ status: 503, errors: [{ msg: 'The server is busy; try again.' }] });
    const notice = staleNotice(await screen.findByText('These splits could not be refreshed.'));
    expect(notice).toHaveTextContent('The server is busy; try again.');
    expect(screen.getByTestId('upcoming-row')).toHaveTextContent('Acme Robotics');
    expect(within(screen.getByRole('dialog')).getByText('Record Trades · ACME')).toBeVisible();
  });
});

/** The notice above a list that could not be refreshed. */
const staleNotice = (heading: HTMLElement) => heading.closest<HTMLElement>('[role="alert"]')!;

describe('a split list that could not be refreshed', () => {
  it('says so above the list, with the time it was loaded, and loads it again on Try again', async () => {
    const { refresh, answer } = await openRecordTrades();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await refresh({ status: 503, errors: [{ msg: 'The server is busy; try again.' }] });
    const notice = staleNotice(await screen.findByText('These splits could not be refreshed.'));
    expect(notice).toHaveTextContent(/What you see was loaded at \d{1,2}:\d{2} (am|pm) [A-Z][A-Za-z0-9+:-]*\./);
    // Above the list it qualifies, not below it, where a member looking at the calendar would not see it.
    expect(notice.compareDocumentPosition(screen.getByTestId('upcoming-row')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    answer({ data: { splits: [{ ...acme, name: 'Acme Robotics Holdings' }] } });
    await userEvent.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText('These splits could not be refreshed.')).toBeNull());
    expect(screen.getByTestId('upcoming-row')).toHaveTextContent('Acme Robotics Holdings');
  });
});
