import { screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Split } from '@roundup/shared/splits';
import { mockFetch, renderWithProviders } from '../../test/utils';
import { betaPharma, maskedUpcoming } from './split.fixtures';
import { ConfirmationPanel } from './components/ConfirmationPanel';
import { SplitAgenda } from './components/SplitAgenda';

const split: Split = betaPharma({
  confirmation: {
    state: 'conflict',
    sources: [
      { source: 'nasdaq', seenAt: '2026-12-10T20:00:00.000Z', ratio: 30, marketDate: '2026-12-12', url: 'https://x/l.txt' },
    ],
  },
});
const confirmed: Split = {
  ...split,
  _id: 'c',
  ticker: 'ACMR',
  confirmation: { state: 'confirmed', sources: [{ ...split.confirmation!.sources[0], ratio: 40, marketDate: '2026-12-14' }] },
};
const masked = maskedUpcoming;

const wrap = renderWithProviders;

describe('the confirmation on a split', () => {
  it('the agenda shows each state as a badge and a conflict as the sentence members read; a masked entry shows none', () => {
    mockFetch();
    wrap(
      <SplitAgenda date="2026-12-11" today="2026-12-10" splits={[split, confirmed, masked]} canTrade={false} onNote={() => {}} />,
    );
    const [conflicted, ok, hidden] = screen.getAllByTestId('agenda-item');
    expect(within(conflicted).getByText('Sources disagree')).toBeInTheDocument();
    expect(within(conflicted).getByTestId('confirmation-conflict')).toHaveTextContent(
      'Nasdaq lists 1-for-30 on Dec 12; the filing said 1-for-40 on Dec 14.',
    );
    expect(within(ok).getByText('Confirmed by the exchange')).toBeInTheDocument();
    expect(within(hidden).queryByTestId('confirmation')).toBeNull();
  });

  it('the admin resolves a conflict with a note, checked before sending; the history lists who did what', async () => {
    const { apiCalls } = mockFetch({
      [`GET /api/admin/confirmations/${split._id}`]: {
        data: {
          events: [
            {
              at: '2026-12-10T20:00:00.000Z',
              kind: 'seen',
              source: 'nasdaq',
              ratio: 30,
              marketDate: '2026-12-12',
              note: null,
              actor: null,
            },
            {
              at: '2026-12-10T20:00:00.000Z',
              kind: 'conflict',
              source: 'nasdaq',
              ratio: 30,
              marketDate: '2026-12-12',
              note: null,
              actor: null,
            },
          ],
        },
      },
      'POST /api/admin/confirmations/resolve': { data: { state: 'unconfirmed' } },
    });
    wrap(<ConfirmationPanel split={split} />);
    expect(await screen.findByRole('list', { name: 'Confirmation history' })).toHaveTextContent(
      'Dec 10, 3:00 PM · conflict · Nasdaq 1-for-30',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Resolve conflict' }));
    expect(screen.getByLabelText(/Keep the split/)).toHaveAccessibleDescription('Say how the conflict was resolved');
    expect(apiCalls().filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Keep the split/), 'The 8-K/A says 1-for-40');
    await userEvent.click(screen.getByRole('button', { name: 'Resolve conflict' }));
    expect(apiCalls().find((c) => c.method === 'POST')?.body).toEqual({ splitId: split._id, note: 'The 8-K/A says 1-for-40' });
  });
});
