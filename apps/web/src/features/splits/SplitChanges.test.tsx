import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { splitDeadline } from '@roundup/shared/deadline';
import type { Split, SplitView } from '@roundup/shared/splits';
import { ChangeHistory, ChangeMarker } from './components/SplitChanges';
import { betaPharma } from './split.fixtures';

const split = (over: Partial<Split> = {}): Split =>
  betaPharma({
    _id: 's1',
    name: 'Acme',
    ticker: 'ACME',
    effDate: '2026-12-11',
    buyDate: '2026-12-10',
    ratio: 35,
    price: 1,
    estProfit: 34,
    deadline: splitDeadline('2026-12-10', 'Nasdaq'),
    ...over,
  });

describe('the change marker', () => {
  it('says what changed last and when, and counts the earlier changes', () => {
    render(
      <ChangeMarker
        split={split({
          changes: [
            { field: 'buyDate', from: '2026-12-09', to: '2026-12-10', at: '2026-11-25T15:00:00Z' },
            { field: 'ratio', from: 30, to: 35, at: '2026-11-26T15:00:00Z' },
          ],
        })}
      />,
    );
    expect(screen.getByTestId('change-marker')).toHaveTextContent(
      'Changed Ratio changed from 1-for-30 to 1-for-35 on Nov 26 (1 earlier change)',
    );
  });

  it('shows nothing for an unchanged split or a masked row', () => {
    const masked: SplitView = {
      _id: 'masked-1',
      name: '*****',
      ticker: '*****',
      effDate: '2026-12-11',
      buyDate: '2026-12-10',
      status: 'Upcoming',
      masked: true,
    };
    const { container } = render(
      <>
        <ChangeMarker split={split({ changes: [] })} />
        <ChangeMarker split={masked} />
        <ChangeHistory changes={undefined} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('lists the whole history, oldest first', () => {
    render(
      <ChangeHistory
        changes={[
          { field: 'effDate', from: '2026-12-10', to: '2026-12-11', at: '2026-11-25T15:00:00Z' },
          { field: 'rsType', from: 'Round Up', to: 'CIL', at: '2026-11-26T15:00:00Z' },
        ]}
      />,
    );
    expect(screen.getByTestId('change-history').textContent).toBe(
      'Effective date changed from Dec 10 to Dec 11 on Nov 25Rounding changed from Round Up to CIL on Nov 26',
    );
  });
});
