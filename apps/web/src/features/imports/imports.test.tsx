import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockFetch, renderApp, storeToken } from '../../test/utils';

const account = { _id: 'a1', nickname: 'Main', broker: 'Charles Schwab', brokerId: 'b1', type: 'Individual Cash', active: true };
const trade = {
  accountId: '11111111-1111-4111-8111-111111111111',
  brokerAccount: '…123',
  splitId: 's1',
  splitName: 'Acme Robotics',
  ticker: 'ACMR',
  effDate: '2026-11-10',
  change: 'new',
  newRows: 5,
  legs: [
    { side: 'buy', date: '2026-11-06', quantity: 100, price: 0.5 },
    { side: 'sell', date: '2026-11-06', quantity: 99, price: 0.48 },
  ],
  outcome: 'share_received',
  outcome_date: '2026-11-10',
  shares_received: 1,
  cash_in_lieu_amount: null,
  problem: null,
  lines: [3, 4, 5, 6, 7],
  needsBuy: null,
};
const preview = {
  format: 'schwab',
  brokerAccount: '…123',
  rows: 6,
  accounts: [{ brokerAccount: '…123', rows: 6 }],
  alreadyImported: 0,
  trades: [trade],
  unmatched: [
    { line: 8, date: '2026-11-05', symbol: 'SCHB', action: 'Qualified Dividend', reason: 'Not a buy, sell or reverse-split row' },
  ],
  unmatchedTotal: 1,
};
const CSV = '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"\n';

/** Chooses the account and the file, then asks for the preview. */
async function choosePreview(nickname = 'Main') {
  await screen.findByRole('option', { name: nickname });
  await userEvent.selectOptions(screen.getByLabelText('Account'), nickname);
  await userEvent.upload(
    screen.getByLabelText('Statement (CSV, up to 5 MB)'),
    new File([CSV], 'schwab.csv', { type: 'text/csv' }),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
}

describe('Settings › Import', () => {
  it('previews a statement for one account, then applies it', async () => {
    storeToken();
    const { calls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Pro' }) } },
      'GET /api/accounts/mine': { data: { accounts: [account], brokers: [] } },
      'POST /api/imports/preview': { data: { preview } },
      'POST /api/imports/apply': { data: { result: { ...preview, imported: 5, saved: [], left: [] } } },
    });
    renderApp('/settings/import');
    await choosePreview();
    expect(
      await screen.findByText((_, el) => el?.tagName === 'LI' && el.textContent === 'Buy 100 on 2026-11-06 at $0.50'),
    ).toBeInTheDocument();
    expect(screen.getByText('Share received, 1 share on 2026-11-10')).toBeInTheDocument();
    expect(screen.getByText('Not a buy, sell or reverse-split row')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/imports/preview')?.body).toEqual({ accountId: 'a1', csv: CSV });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/Imported 5 rows/)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/imports/apply')).toHaveLength(1));
  });

  it('shows the server’s refusal naming the line', async () => {
    storeToken();
    const { calls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Pro' }) } },
      'GET /api/accounts/mine': { data: { accounts: [account], brokers: [] } },
      'POST /api/imports/preview': { status: 400, errors: [{ msg: 'Line 3: Date "11/32/2026" is not a date' }] },
    });
    renderApp('/settings/import');
    await choosePreview();
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/imports/preview'));
    expect(await screen.findByText('Line 3: Date "11/32/2026" is not a date')).toBeInTheDocument();
  });

  it('asks for the buy a split’s rows lack, previews again with it, and names the splits an apply left', async () => {
    storeToken();
    const noBuy = {
      ...trade,
      splitId: '22222222-2222-4222-8222-222222222222',
      ticker: 'NOBY',
      legs: [],
      problem: 'Record the buy before its outcome',
      needsBuy: { date: '2026-11-06', quantity: 1 },
    };
    const left = [
      {
        splitId: '22222222-2222-4222-8222-222222222222',
        splitName: 'No Buy',
        ticker: 'NOBY',
        lines: [3, 4],
        reason: 'Record the buy before its outcome',
      },
    ];
    const { calls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Pro' }) } },
      'GET /api/accounts/mine': { data: { accounts: [account], brokers: [] } },
      'POST /api/imports/preview': { data: { preview: { ...preview, trades: [trade, noBuy] } } },
      'POST /api/imports/apply': { data: { result: { ...preview, trades: [trade, noBuy], imported: 5, saved: [], left } } },
    });
    renderApp('/settings/import');
    await choosePreview();
    expect(await screen.findByText('1 of 2 splits marked red will be left out; the others are saved.')).toBeInTheDocument();
    expect(screen.getByLabelText('Buy date')).toHaveValue('2026-11-06');
    await userEvent.type(screen.getByLabelText('Price'), '0.52');
    await userEvent.click(screen.getByRole('button', { name: 'Use this buy' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/imports/preview')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/api/imports/preview')[1].body).toMatchObject({
      buys: [
        {
          splitId: '22222222-2222-4222-8222-222222222222',
          accountId: '11111111-1111-4111-8111-111111111111',
          date: '2026-11-06',
          quantity: 1,
          price: 0.52,
        },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/One split was left out/)).toBeInTheDocument();
    expect(screen.getByText(/lines 3 and 4: Record the buy before its outcome/)).toBeInTheDocument();
  });

  it('maps each broker account of an All Accounts file to an account at that broker, or skips it, and previews the mapping', async () => {
    storeToken();
    const fid = (id: string, nickname: string) => ({ ...account, _id: id, nickname, broker: 'Fidelity', brokerId: 'b2' });
    const mine = [fid('f1', 'Fid one'), fid('f2', 'Fid two'), account];
    const unmapped = ['…1111', '…2222', '…3333'].map((brokerAccount) => ({
      brokerAccount,
      rows: 2,
      accountId: null,
      skip: false,
    }));
    // The server echoes the mapping in effect: …1111 remembered from the last apply.
    const accounts = [{ ...unmapped[0], accountId: 'f1' }, unmapped[1], unmapped[2]];
    const { calls } = mockFetch({
      'GET /api/auth/me': { data: { user: makeUser({ role: 'Pro' }) } },
      'GET /api/accounts/mine': { data: { accounts: mine, brokers: [] } },
      'POST /api/imports/preview': { data: { preview: { ...preview, format: 'fidelity', brokerAccount: null, accounts } } },
    });
    renderApp('/settings/import');
    await choosePreview('Fid two');
    const second = await screen.findByLabelText('Broker account …2222 (2 rows)');
    expect(screen.getByLabelText('Broker account …1111 (2 rows)')).toHaveValue('f1');
    // Only Fidelity accounts, and the one …1111 goes into is taken.
    expect([...second.querySelectorAll('option')].map((o) => [o.textContent, o.disabled])).toEqual([
      ['Choose the account…', false],
      ['Fid one', true],
      ['Fid two', false],
      ['Skip', false],
    ]);
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await userEvent.selectOptions(second, 'Fid two');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/imports/preview')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/api/imports/preview')[1].body).toMatchObject({
      mapping: [
        { brokerAccount: '…1111', accountId: 'f1' },
        { brokerAccount: '…2222', accountId: 'f2' },
      ],
    });
  });
});
