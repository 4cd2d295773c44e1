import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccountGroup } from '@roundup/shared';
import { makeAccount, makeUser, mockFetch, renderApp, storeToken } from '../../test/utils';

/** Settings › Accounts names groups of accounts; brokers that avoid round-ups are marked. */
const account = makeAccount;
const accounts = [
  account('00000000-0000-4000-8000-0000000000a1', 'Schwab IRA', 'Schwab'),
  account('00000000-0000-4000-8000-0000000000a2', 'Fid Cash', 'Fidelity'),
  account('00000000-0000-4000-8000-0000000000a3', 'Vanguard Roth', 'Vanguard', 'blocks'),
];

function setup(groups: AccountGroup[] = []) {
  storeToken();
  let stored = groups;
  const mocks = mockFetch({
    'GET /api/auth/me': { data: { user: makeUser({ role: 'Pro' }) } },
    'GET /api/accounts/mine': { data: { accounts, brokers: [] } },
    'GET /api/accounts/groups': () => ({ data: { groups: stored } }),
    'POST /api/accounts/groups': (body) => {
      const group = { _id: 'g-new', ...(body as { name: string; accountIds: string[] }) };
      stored = [...stored, group];
      return { data: { group } };
    },
    'POST /api/accounts/groups/delete': () => {
      stored = [];
      return { data: { groups: [] } };
    },
  });
  renderApp('/settings/accounts');
  return mocks;
}

describe('Settings › Accounts › Account groups', () => {
  it('creates a group of the ticked accounts, in the member’s order, and lists it with their nicknames', async () => {
    const { apiCalls } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'day one');
    await userEvent.click(within(dialog).getByLabelText('Fid Cash'));
    await userEvent.click(within(dialog).getByLabelText('Schwab IRA'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(apiCalls().find((c) => c.method === 'POST')?.body).toEqual({
      name: 'day one',
      accountIds: ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'],
    });
    const item = await screen.findByTestId('account-group');
    expect(item).toHaveTextContent('day one');
    expect(item).toHaveTextContent('2 accounts: Schwab IRA, Fid Cash');
  });

  it('asks for a name beside the field before calling the server', async () => {
    const { apiCalls } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(apiCalls().filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('deletes a group only on a second, confirming press', async () => {
    const { apiCalls } = setup([
      {
        _id: 'g1',
        name: 'not Vanguard',
        accountIds: ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'],
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete group not Vanguard' }));
    expect(apiCalls().filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm: delete group not Vanguard' }));
    await waitFor(() => expect(screen.queryByTestId('account-group')).not.toBeInTheDocument());
    expect(apiCalls().find((c) => c.method === 'POST')?.body).toEqual({ id: 'g1' });
  });

  it('marks a broker that blocks round-up buys in the accounts list', async () => {
    setup();
    const header = await screen.findByRole('columnheader', { name: /^Vanguard/ });
    expect(within(header).getByTestId('round-up-warning')).toHaveTextContent('Blocks round-up buys');
    expect(screen.getByRole('columnheader', { name: /^Fidelity/ })).not.toHaveTextContent('round-up');
  });
});

describe('Settings › Accounts: add several, copy one', () => {
  const brokers = [{ _id: '00000000-0000-4000-8000-0000000000b1', name: 'Webull', shareReturnTime: 5 }];
  function setupAdd() {
    storeToken();
    const mocks = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Pro' }) } },
      'GET /api/accounts/mine': { data: { accounts, brokers } },
      'GET /api/accounts/groups': { data: { groups: [] } },
      'POST /api/accounts/add-many': { data: { accounts } },
      'POST /api/accounts/add': { data: { accounts } },
    });
    renderApp('/settings/accounts');
    return mocks;
  }

  /** Opens the dialog the moment its button is enabled (it waits for the member's accounts), as a member would. */
  async function openAddSeveral() {
    const button = await screen.findByRole('button', { name: 'Add several' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    return screen.findByRole('dialog', { name: 'Add several accounts' });
  }

  it('adds a count of accounts named after the broker and type', async () => {
    const { apiCalls } = setupAdd();
    const dialog = await openAddSeveral();
    await userEvent.selectOptions(within(dialog).getByLabelText('Broker'), brokers[0]._id);
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'Roth IRA');
    await userEvent.clear(within(dialog).getByLabelText('How many'));
    await userEvent.type(within(dialog).getByLabelText('How many'), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add accounts' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(apiCalls().find((c) => c.path === '/api/accounts/add-many')?.body).toEqual({
      brokerId: brokers[0]._id,
      type: 'Roth IRA',
      nicknames: ['Webull Roth IRA 1', 'Webull Roth IRA 2'],
    });
  });

  it('takes a list of nicknames instead, and flags a missing broker beside it', async () => {
    const { apiCalls } = setupAdd();
    const dialog = await openAddSeveral();
    await userEvent.type(within(dialog).getByLabelText('Or their nicknames, one a line'), 'Mom{enter}Dad');
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'Individual Cash');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add accounts' }));
    expect(within(dialog).getByLabelText('Broker')).toHaveAccessibleDescription('Choose a broker from the list');
    expect(apiCalls().filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.selectOptions(within(dialog).getByLabelText('Broker'), brokers[0]._id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add accounts' }));
    await waitFor(() => expect(apiCalls().filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(apiCalls().find((c) => c.method === 'POST')?.body).toMatchObject({ nicknames: ['Mom', 'Dad'] });
  });

  it('copies an account: same broker and type, the next free nickname', async () => {
    setupAdd();
    await userEvent.click(await screen.findByRole('button', { name: 'Copy Fid Cash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add account' });
    expect(within(dialog).getByLabelText('Nickname')).toHaveValue('Fid Cash 1');
    expect(within(dialog).getByLabelText('Type')).toHaveValue('Individual Cash');
  });
});
