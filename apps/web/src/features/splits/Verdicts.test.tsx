import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { Split } from '@roundup/shared/splits';
import { mockFetch, renderWithProviders } from '../../test/utils';
import { betaPharma, maskedUpcoming } from './split.fixtures';
import { SplitAgenda } from './components/SplitAgenda';

const split: Split = betaPharma({
  verdicts: [
    { brokerId: 'b1', brokerName: 'Schwab', outcome: 'share_received', members: 3, firstAt: '2026-12-15T15:00:00.000Z' },
    { brokerId: 'b2', brokerName: 'Fidelity', outcome: 'cash_in_lieu', members: 4, firstAt: '2026-12-15T16:00:00.000Z' },
  ],
});
const none: Split = { ...betaPharma(), _id: 'n', ticker: 'NONE' };
const masked = maskedUpcoming;

describe('what three members report per broker (decision 044)', () => {
  it('the agenda shows each verdict as its outcome and the sentence the alert carried; other entries show none', () => {
    mockFetch();
    renderWithProviders(
      <SplitAgenda date="2026-12-11" today="2026-12-10" splits={[split, none, masked]} canTrade={false} onNote={() => {}} />,
    );
    const [first, second, third] = screen.getAllByTestId('agenda-item');
    const lines = within(first).getAllByTestId('verdict');
    expect(lines.map((l) => l.textContent)).toEqual([
      `Rounded up${split.ticker} rounded up at Schwab: 3 members got their share. Sell as ${split.ticker}.`,
      `Cash in lieu${split.ticker}: 4 members report cash in lieu at Fidelity.`,
    ]);
    expect(within(first).getByRole('list', { name: `What members report on ${split.ticker}` })).toBeInTheDocument();
    expect(within(second).queryByTestId('verdict')).toBeNull();
    expect(within(third).queryByTestId('verdict')).toBeNull();
  });
});
