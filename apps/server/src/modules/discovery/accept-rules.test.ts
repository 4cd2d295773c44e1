import { describe, expect, it } from 'vitest';
import { acceptProblems, draftSplit, readySplit } from './accept-rules';

const good = { ratio: 30, price: 1.2, buyDate: '2026-12-02', effDate: '2026-12-03' };

describe('acceptProblems: what the server refuses to publish', () => {
  it.each([
    ['a complete split on trading days', good, []],
    ['price $0', { ...good, price: 0 }, ['price']],
    ['ratio missing', { ...good, ratio: null }, ['ratio']],
    ['both missing', { ...good, ratio: null, price: 0 }, ['ratio', 'price']],
    ['market date missing', { ...good, effDate: null }, ['effDate']],
    ['buy-by date missing', { ...good, buyDate: null }, ['buyDate']],
    ['buy-by on a Saturday', { ...good, buyDate: '2026-11-28', effDate: '2026-11-30' }, ['buyDate']],
    ['market date on Christmas', { ...good, buyDate: '2026-12-24', effDate: '2026-12-25' }, ['effDate']],
    [
      'buy-by on Thanksgiving and no price',
      { ...good, price: 0, buyDate: '2026-11-26', effDate: '2026-11-27' },
      ['price', 'buyDate'],
    ],
  ])('%s', (_name, draft, paths) => {
    expect(acceptProblems(draft).map((p) => p.path)).toEqual(paths);
  });
});

describe('draftSplit and readySplit', () => {
  const p = {
    company: 'Safety Corp',
    ticker: 'SAFE',
    exchange: null,
    marketDate: '2026-12-03',
    buyBy: '2026-12-02',
    ratio: 30 as number | null,
    ratioExact: null as number | null,
    rounding: 'ROUND_UP',
    historical: false,
    evidence: null,
    holdersOfRecordOnly: false,
    confidence: 0.9,
  };
  const opts = { today: '2026-11-20', source: 'https://www.sec.gov/x-index.htm' };

  it('a proposal with no price is refused, with the price named', () => {
    const r = readySplit(draftSplit(p, null, undefined, opts));
    expect(r.input).toBeNull();
    expect(r.problems.map((x) => x.path)).toEqual(['price']);
  });

  it('with the admin’s price it becomes an Upcoming round-up whose profit the splits module derives', () => {
    const r = readySplit(draftSplit(p, null, { price: 1.2 }, opts));
    expect(r.problems).toEqual([]);
    expect(r.input).toMatchObject({
      ticker: 'SAFE',
      ratio: 30,
      price: 1.2,
      estProfit: null,
      status: 'Upcoming',
      rsType: 'Round Up',
    });
  });

  it('the form’s own rules still apply after readiness (a buy-by after the market date)', () => {
    const r = readySplit(draftSplit(p, null, { price: 1, buyDate: '2026-12-04' }, opts));
    expect(r.problems).toEqual([
      { path: 'buyDate', msg: 'Buy date cannot be after the effective date. Edit the proposal, then accept.' },
    ]);
  });

  it('a non-whole ratio: the admin enters the whole one, and the exact ratio goes into the notes', () => {
    const odd = {
      ...p,
      ratio: null,
      ratioExact: 4.3,
      evidence: { sentence: 'All fractional shares will be rounded up.', before: null, after: null },
    };
    const refused = readySplit(draftSplit(odd, null, { price: 1.2 }, opts));
    expect(refused.problems).toEqual([
      {
        path: 'ratio',
        msg: 'The filing states a 1-for-4.3 ratio, not a whole number: enter the whole 1-for-N ratio members will see (the exact one goes into the notes).',
      },
    ]);
    const r = readySplit(draftSplit(odd, null, { price: 1.2, ratio: 4 }, opts));
    expect(r.problems).toEqual([]);
    expect(r.input).toMatchObject({
      ratio: 4,
      notes: 'The filing states a 1-for-4.3 ratio, not a whole number. “All fractional shares will be rounded up.”',
    });
    // The admin's own notes keep the exact ratio too.
    const edited = readySplit(draftSplit(odd, null, { price: 1.2, ratio: 4, notes: 'Checked with the agent.' }, opts));
    expect(edited.input?.notes).toBe('The filing states a 1-for-4.3 ratio, not a whole number. Checked with the agent.');
  });
});
