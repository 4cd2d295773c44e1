import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { PipelineView } from '@roundup/shared/pipeline';
import type { Split } from '@roundup/shared/splits';
import { mockFetch, renderWithProviders } from '../../test/utils';
import { betaPharma } from './split.fixtures';
import { PipelineSection } from './components/PipelineSection';
import { SplitAgenda } from './components/SplitAgenda';
import { SplitTables } from './components/SplitTables';

const base: Split = betaPharma({
  source: 'https://www.sec.gov/Archives/edgar/data/1/x-index.htm',
  evidence: {
    sentence: 'Any fractional share will be rounded up to the next whole share.',
    filingUrl: 'https://www.sec.gov/Archives/edgar/data/1/x-index.htm',
    acceptedAt: '2026-12-01T21:05:00.000Z',
  },
  history: [{ date: '2025-03-10', ratio: 15, rounding: 'Cash in lieu' }],
});
const cil: Split = { ...base, _id: 'c', ticker: 'DXVQ', rsType: 'CIL', evidence: undefined, history: undefined };
const participant: Split = { ...base, _id: 'p', ticker: 'PRTQ', participant: true };

const wrap = renderWithProviders;

describe('the call on every split', () => {
  it('the agenda: a badge on each; profit only for the round-ups (participant level says so); the filing, labelled', () => {
    mockFetch();
    wrap(
      <SplitAgenda date="2026-12-11" today="2026-12-10" splits={[base, cil, participant]} canTrade={false} onNote={() => {}} />,
    );
    const [up, cash, part] = screen.getAllByTestId('agenda-item');
    expect(within(up).getByTestId('call')).toHaveTextContent('Round up');
    expect(within(up).getByTestId('profit')).toHaveTextContent('Est. profit $78.00');
    expect(within(up).getByTestId('evidence')).toHaveTextContent(
      'From the filing: Any fractional share will be rounded up to the next whole share.',
    );
    expect(within(up).getByRole('link', { name: 'Filing' })).toHaveAttribute('href', base.evidence!.filingUrl);
    expect(within(up).getByTestId('issuer-history')).toHaveTextContent('Earlier splits: 1-for-15 on Mar 10, 2025 (Cash in lieu)');
    expect(within(up).getByTestId('deadline')).toHaveTextContent(/^Buy by 4:00 pm ET/);

    expect(within(cash).getByTestId('call')).toHaveTextContent('Cash in lieu');
    expect(within(cash).queryByTestId('profit')).toBeNull();
    expect(within(cash).getByTestId('no-profit')).toHaveTextContent('No profit estimate: cash in lieu');
    expect(within(cash).getByTestId('deadline')).toHaveTextContent(/^Buy-by deadline 4:00 pm ET/);
    expect(within(cash).queryByTestId('evidence')).toBeNull();

    expect(within(part).getByTestId('call')).toHaveTextContent('Round up (participant level)');
    expect(within(part).getByTestId('profit')).toHaveTextContent('$78.00 (participant level)');
  });

  it('the table: the badge beside the symbol, the profit column only for round-ups', () => {
    mockFetch();
    wrap(<SplitTables splits={[base, cil]} today="2026-12-10" fullAccess canTrade={false} onNote={() => {}} />);
    const rows = screen.getAllByTestId('upcoming-row');
    const byTicker = (t: string) => rows.find((r) => r.textContent?.includes(t))!;
    expect(within(byTicker('BTPH')).getByTestId('call')).toHaveTextContent('Round up');
    expect(within(byTicker('BTPH')).getByTestId('profit')).toHaveTextContent('$78.00');
    expect(within(byTicker('DXVQ')).getByTestId('call')).toHaveTextContent('Cash in lieu');
    expect(within(byTicker('DXVQ')).queryByText('$78.00')).toBeNull();
  });
});

const proEntries: PipelineView[] = [
  {
    _id: 'e1',
    name: 'Pipeline Bio Inc.',
    ticker: 'PLBO',
    exchange: 'Nasdaq',
    stage: 'proposed',
    ratio: null,
    ratioRange: { min: 5, max: 40 },
    rsType: 'Round Up',
    participant: false,
    buyDate: null,
    effDate: null,
    filingUrl: 'https://www.sec.gov/Archives/edgar/data/9/y-index.htm',
    acceptedAt: '2026-11-18T21:05:00.000Z',
    sentence: 'No fractional shares will be issued; they will be rounded up.',
    history: [],
    updatedAt: '2026-11-18T21:05:00.000Z',
    masked: false,
  },
];

describe('the pipeline', () => {
  it('a Pro member sees each undated split with its stage, call, sentence, filing and acceptance time', async () => {
    mockFetch({ 'GET /api/rs/pipeline': { data: { entries: proEntries } } });
    wrap(<PipelineSection />);
    const item = await screen.findByTestId('pipeline-item');
    expect(within(item).getByTestId('pipeline-stage')).toHaveTextContent('Proposed (vote pending)');
    expect(within(item).getByTestId('call')).toHaveTextContent('Round up');
    expect(item).toHaveTextContent('Ratio 1-for-5 to 1-for-40');
    expect(within(item).getByTestId('evidence')).toHaveTextContent('From the filing: No fractional shares will be issued');
    expect(item).toHaveTextContent('accepted Nov 18, 2026 4:05 PM ET');
    expect(within(item).getByTestId('issuer-history')).toHaveTextContent('Earlier splits: none in our history');
    expect(screen.queryByRole('link', { name: /Upgrade/ })).toBeNull();
  });

  it('a ratio that is not a whole number is shown as the filing states it, never rounded', async () => {
    const odd = { ...proEntries[0], ticker: 'ODDR', ratioRange: null, ratioExact: 4.3 } as PipelineView;
    mockFetch({ 'GET /api/rs/pipeline': { data: { entries: [odd] } } });
    wrap(<PipelineSection />);
    const item = await screen.findByTestId('pipeline-item');
    expect(item).toHaveTextContent('Ratio 1-for-4.3 (not a whole number)');
    expect(item).not.toHaveTextContent('Ratio 1-for-4 ');
  });

  it('a Starter member sees it masked, with the stage and the upgrade', async () => {
    mockFetch({
      'GET /api/rs/pipeline': {
        data: {
          entries: [
            { _id: 'masked-1', name: '*****', ticker: '*****', stage: 'approved', buyDate: null, effDate: null, masked: true },
          ],
        },
      },
    });
    wrap(<PipelineSection />);
    const item = await screen.findByTestId('pipeline-item');
    expect(within(item).getByTestId('pipeline-stage')).toHaveTextContent('Approved, no date yet');
    expect(within(item).queryByTestId('evidence')).toBeNull();
    expect(within(item).queryByTestId('call')).toBeNull();
    expect(screen.getByRole('link', { name: /Upgrade to Pro/ })).toBeInTheDocument();
  });
});
