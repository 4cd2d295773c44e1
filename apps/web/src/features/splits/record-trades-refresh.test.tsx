import { act, screen, waitFor, within } from '@testing-library/react';
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
  return { dialog, refresh };
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
    expect(await screen.findByText('The server is busy; try again.')).toBeInTheDocument();
    expect(screen.getByTestId('upcoming-row')).toHaveTextContent('Acme Robotics');
    expect(within(screen.getByRole('dialog')).getByText('Record Trades · ACME')).toBeVisible();
  });
});
