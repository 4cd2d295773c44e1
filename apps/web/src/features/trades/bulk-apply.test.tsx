import { render, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Trade } from '@roundup/shared';
import { mockFetch, type MockHandler } from '../../test/utils';
import { BulkApply } from './components/BulkApply';
import { testAccount, testTrade } from './test-fixtures';

/** Record Trades' "Apply to": only empty or pending values change unless the member overwrites. */
const account = (n: number) => testAccount({ _id: `a${n}`, nickname: `Acc ${n}` });
const accounts = [account(1), account(2), account(3)];
const split = { _id: 's1', name: 'Acme', ticker: 'ACME', buyDate: '2026-03-10', effDate: '2026-03-12' };
const trade = (accountId: string, over: Partial<Trade> = {}) => testTrade({ _id: `t-${accountId}`, accountId, ...over });
// Account 2's cash in lieu was set by hand; 1 and 3 are still pending.
const trades = new Map([
  ['a1', trade('a1')],
  ['a2', trade('a2', { outcome: 'cash_in_lieu', outcome_date: '2026-03-13' })],
  ['a3', trade('a3')],
]);
const sentIds = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === '/api/trades/bulk').map((c) => (c.body as { accountIds: string[] }).accountIds);

/** The server's answer when every account sent changes. */
const savedAll = (body: unknown) => ({
  data: { trades: [], saved: (body as { accountIds: string[] }).accountIds.length, unchanged: 0, skipped: [], note: null },
});

function setup(reply: MockHandler = savedAll) {
  const fetched = mockFetch({ 'POST /api/trades/bulk': reply });
  render(<BulkApply split={split} accounts={accounts} trades={trades} onApplied={vi.fn(async () => {})} />);
  return fetched;
}

describe('BulkApply: Apply to', () => {
  it('"Share received" for all accounts leaves the cash in lieu set by hand as it was, and says so', async () => {
    const { apiCalls } = setup();
    await userEvent.selectOptions(screen.getByLabelText('Outcome'), 'Share received');
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 3 accounts' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved in 2 accounts. 1 account that already had a value kept it.',
    );
    expect(sentIds(apiCalls())).toEqual([['a1', 'a3']]);
  });

  it('overwriting says first how many rows it will change, and changes them only when confirmed', async () => {
    const { apiCalls } = setup();
    await userEvent.selectOptions(screen.getByLabelText('Outcome'), 'Share received');
    await userEvent.click(screen.getByLabelText('Overwrite values already recorded'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 3 accounts' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This will change 1 account that already has a value.');
    expect(sentIds(apiCalls())).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Overwrite 1 account' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved in 3 accounts.');
    expect(sentIds(apiCalls())).toEqual([['a1', 'a2', 'a3']]);
  });

  it('the dance preset sends buy 100 and sell 99 as legs, dated the buy-by day', async () => {
    const { apiCalls } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'The dance: buy 100, sell 99' }));
    await userEvent.type(screen.getByLabelText('Buy price'), '0.5');
    await userEvent.type(screen.getByLabelText('Sell price'), '0.48');
    await userEvent.click(screen.getByLabelText('Overwrite values already recorded'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 3 accounts' }));
    await userEvent.click(screen.getByRole('button', { name: 'Overwrite 3 accounts' }));
    await screen.findByRole('status');
    const body = apiCalls().find((c) => c.path === '/api/trades/bulk')!.body as Record<string, unknown>;
    expect(body.legs).toEqual([
      { side: 'buy', date: '2026-03-10', quantity: 100, price: 0.5 },
      { side: 'sell', date: '2026-03-10', quantity: 99, price: 0.48 },
    ]);
    expect(body.buy_price).toBeUndefined();
  });

  it('the cash received is entered with the cash in lieu outcome', async () => {
    const { apiCalls } = setup();
    await userEvent.selectOptions(screen.getByLabelText('Outcome'), 'Cash in lieu');
    await userEvent.type(screen.getByLabelText('Cash received'), '0.42');
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 3 accounts' }));
    await screen.findByRole('status');
    const body = apiCalls().find((c) => c.path === '/api/trades/bulk')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ outcome: 'cash_in_lieu', cash_in_lieu_amount: 0.42, accountIds: ['a1', 'a2', 'a3'] });
  });
});

describe('BulkApply: presets replace the legs; the kept share sells on its own', () => {
  const dance = [
    { side: 'buy' as const, date: '2026-03-10', quantity: 100, price: 0.5 },
    { side: 'sell' as const, date: '2026-03-10', quantity: 99, price: 0.48 },
  ];
  const danced = new Map(accounts.map((a) => [a._id, trade(a._id, { legs: dance, buy_price: 0.5, sell_price: 0.48 })]));
  const sent = (calls: { path: string; body: unknown }[]) =>
    calls.find((c) => c.path === '/api/trades/bulk')!.body as Record<string, unknown>;

  it('"One share" with Overwrite undoes a dance: one buy leg, not a flat price', async () => {
    const { apiCalls } = mockFetch({ 'POST /api/trades/bulk': savedAll });
    render(<BulkApply split={split} accounts={accounts} trades={danced} onApplied={vi.fn(async () => {})} />);
    await userEvent.click(screen.getByRole('button', { name: 'One share' }));
    expect(screen.getByRole('button', { name: 'One share' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(screen.getByLabelText('Buy price'), '0.5');
    await userEvent.click(screen.getByLabelText('Overwrite values already recorded'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 3 accounts' }));
    await userEvent.click(screen.getByRole('button', { name: 'Overwrite 3 accounts' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved in 3 accounts.');
    expect(sent(apiCalls())).toMatchObject({ legs: [{ side: 'buy', date: '2026-03-10', quantity: 1, price: 0.5 }] });
    expect(sent(apiCalls()).buy_price).toBeUndefined();
  });

  it('a preset with no buy asks for it and sends nothing', async () => {
    const { apiCalls } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'One share' }));
    await userEvent.type(screen.getByLabelText('Sell price'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 3 accounts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the buy');
    expect(sentIds(apiCalls())).toEqual([]);
  });

  it("the kept share's sale is its own field, and the answer counts the unchanged and the left out", async () => {
    const reply = { data: { trades: [], saved: 1, unchanged: 1, skipped: [], note: '1 account got nothing; no sale written' } };
    const { apiCalls } = setup(reply);
    await userEvent.type(screen.getByLabelText('Sell kept share at'), '9.99');
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 3 accounts' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved in 1 account. 1 account already had these values. 1 account got nothing; no sale written.',
    );
    expect(sent(apiCalls())).toMatchObject({ kept_sell_price: 9.99, accountIds: ['a1', 'a2', 'a3'] });
    expect(sent(apiCalls()).sell_price).toBeUndefined();
  });
});

describe('BulkApply: a result message belongs to its request', () => {
  it('no stale "Saved in …" after the next apply fails', async () => {
    let fail = false;
    setup((body) =>
      fail ? { status: 400, errors: [{ msg: 'Acc 1 (Fidelity): Outcome date cannot be in the future' }] } : savedAll(body),
    );
    await userEvent.type(screen.getByLabelText('Sell price'), '9');
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 3 accounts' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved in 3 accounts.');
    fail = true;
    await userEvent.type(screen.getByLabelText('Sell date'), '2026-03-20');
    // Typing again already takes the old message away.
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 3 accounts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Outcome date cannot be in the future');
    await waitFor(() => expect(screen.queryByText(/Saved in/)).toBeNull());
  });
});
