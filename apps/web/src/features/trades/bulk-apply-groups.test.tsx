import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RoundUpStatus } from '@roundup/shared';
import { makeAccount, mockFetch } from '../../test/utils';
import { BulkApply } from './components/BulkApply';

/** "Apply to" leaves out brokers that avoid round-ups by default, and takes a group. */
const account = (id: string, broker: string, status: RoundUpStatus | null) => makeAccount(id, id, broker, status);
const accounts = [
  account('Fid 1', 'Fidelity', 'honours'),
  account('Fid 2', 'Fidelity', null),
  account('Alp 1', 'Alpaca', 'does_not_honour'),
];
const split = { _id: 's1', name: 'Acme', ticker: 'ACME', buyDate: '2026-03-10', effDate: '2026-03-11' };
const groups = [{ _id: 'g1', name: 'odd ones', accountIds: ['Alp 1', 'Fid 1'] }];

describe('BulkApply', () => {
  it('starts without the Alpaca account and marks it in the chooser', async () => {
    render(<BulkApply split={split} accounts={accounts} trades={new Map()} onApplied={async () => {}} />);
    expect(screen.getByRole('heading', { name: 'Apply to 2 accounts' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose accounts (2 of 3)' }));
    expect(screen.getByLabelText('Alp 1')).not.toBeChecked();
    expect(screen.getByLabelText('Fid 1')).toBeChecked();
    const chooser = screen.getByRole('group', { name: 'Accounts to apply to' });
    expect(within(chooser).getByTestId('round-up-warning')).toHaveTextContent('Does not honour round-ups');
  });

  it('applies to a chosen group’s accounts, in the group’s order', async () => {
    const { apiCalls } = mockFetch({ 'POST /api/trades/bulk': { data: { trades: [] } } });
    render(<BulkApply split={split} accounts={accounts} trades={new Map()} onApplied={async () => {}} groups={groups} />);
    await userEvent.selectOptions(screen.getByLabelText('Group'), 'g1');
    expect(screen.getByRole('heading', { name: 'Apply to 2 accounts' })).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('bulk-buy_price'), '1.25');
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 2 accounts' }));
    await waitFor(() => expect(apiCalls()).toHaveLength(1));
    expect(apiCalls()[0].body).toMatchObject({ splitId: 's1', accountIds: ['Alp 1', 'Fid 1'], buy_price: 1.25 });
  });

  it('starts from the group it was opened with (the To do list’s choice)', async () => {
    render(
      <BulkApply
        split={split}
        accounts={accounts}
        trades={new Map()}
        onApplied={async () => {}}
        groups={groups}
        initialGroupId="g1"
      />,
    );
    expect(screen.getByLabelText('Group')).toHaveValue('g1');
    await userEvent.click(screen.getByRole('button', { name: 'Choose accounts (2 of 3)' }));
    expect(screen.getByLabelText('Alp 1')).toBeChecked();
    expect(screen.getByLabelText('Fid 2')).not.toBeChecked();
  });
});
