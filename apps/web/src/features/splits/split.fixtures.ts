import type { MaskedSplit, Split } from '@roundup/shared/splits';

/** A full upcoming round-up split for component tests (Beta Pharma, BTPH 1-for-40 on Nasdaq), with `over` on top. */
export function betaPharma(over: Partial<Split> = {}): Split {
  return {
    _id: '0b9f3c1e-5d7a-4e1b-9a3f-2c8d6e4f1a7b',
    name: 'Beta Pharma',
    ticker: 'BTPH',
    effDate: '2026-12-14',
    buyDate: '2026-12-11',
    ratio: 40,
    price: 2,
    estProfit: 78,
    avgProfit: 0,
    status: 'Upcoming',
    rsType: 'Round Up',
    source: null,
    notes: null,
    caution: false,
    exchange: 'Nasdaq',
    deadline: { regularClose: '2026-12-11T21:00:00.000Z', haltAt: '2026-12-12T00:50:00.000Z' },
    masked: false,
    ...over,
  };
}

/** The masked stand-in a Starter gets for an upcoming split on Beta Pharma's buy date. */
export const maskedUpcoming: MaskedSplit = {
  _id: 'masked-1',
  name: '*****',
  ticker: '*****',
  buyDate: '2026-12-11',
  effDate: '2026-12-14',
  status: 'Upcoming',
  masked: true,
};
