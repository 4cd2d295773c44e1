import { screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PipelineView } from '@roundup/shared/pipeline';
import { mockFetch, renderWithProviders } from '../../test/utils';
import { PipelineSection } from './components/PipelineSection';

const watched: PipelineView = {
  _id: 'w1',
  name: 'NextPlat Corp',
  ticker: 'NXPL',
  exchange: 'Nasdaq',
  stage: 'deficiency',
  ratio: null,
  ratioRange: null,
  rsType: 'Unconfirmed',
  participant: false,
  buyDate: null,
  effDate: null,
  filingUrl: 'https://www.sec.gov/Archives/edgar/data/1058307/x-index.htm',
  acceptedAt: '2025-04-29T20:05:00.000Z',
  sentence: 'NextPlat received a written notice from Nasdaq that it is not in compliance with Nasdaq Listing Rule 5550(a)(2).',
  history: [{ date: '2023-06-01', ratio: 10, rounding: 'Round up' }],
  deficiency: { rule: 'Nasdaq 5550(a)(2)', noticeDate: '2025-04-29', deadline: '2025-10-27' },
  following: false,
  updatedAt: '2025-04-29T20:05:00.000Z',
  masked: false,
};

describe('the deficiency watchlist in the pipeline', () => {
  it('shows the notice, the deadline, the past splits, and follows with one click', async () => {
    const { calls } = mockFetch({
      'GET /api/rs/pipeline': { data: { entries: [watched] } },
      'POST /api/rs/pipeline/follow': { data: { id: 'w1', following: true } },
    });
    renderWithProviders(<PipelineSection />);
    const item = await screen.findByTestId('pipeline-item');
    expect(within(item).getByTestId('pipeline-stage')).toHaveTextContent('Bid-price deficiency notice');
    expect(within(item).getByTestId('watchlist')).toHaveTextContent(
      'Bid-price notice Apr 29, 2025 (Nasdaq 5550(a)(2)) · regain compliance by Oct 27, 2025',
    );
    expect(within(item).getByTestId('issuer-history')).toHaveTextContent('1-for-10 on Jun 1, 2023 (Round up)');
    expect(item).toHaveTextContent('No split filed yet');
    await userEvent.click(within(item).getByRole('button', { name: 'Follow: alert me when a split is proposed' }));
    expect(await within(item).findByRole('button', { name: 'Following · stop' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/rs/pipeline/follow', body: { id: 'w1' } }),
    ]);
  });

  it('a moved-on entry keeps its notice and has no Follow button', async () => {
    mockFetch({ 'GET /api/rs/pipeline': { data: { entries: [{ ...watched, stage: 'proposed', following: true }] } } });
    renderWithProviders(<PipelineSection />);
    const item = await screen.findByTestId('pipeline-item');
    expect(within(item).getByTestId('watchlist')).toHaveTextContent('Bid-price notice Apr 29, 2025');
    expect(within(item).queryByRole('button')).toBeNull();
  });
});
