import { describe, expect, it } from 'vitest';
import { companyKey, issuerHistory, sameIssuer, type PastSplitFacts } from './issuer-history-rules';

const past = (p: Partial<PastSplitFacts> & { id: string; effDate: string }): PastSplitFacts => ({
  cik: null,
  ticker: 'ABCD',
  name: 'Abcd Therapeutics Inc.',
  ratio: 10,
  rsType: 'Round Up',
  status: 'Complete',
  ...p,
});

describe('issuer history', () => {
  it.each([
    ['Abcd Therapeutics, Inc.', 'abcd therapeutics'],
    ['ABCD THERAPEUTICS CORP', 'abcd therapeutics'],
    ['Foo Holdings Ltd', 'foo'],
    ['Inc.', ''],
  ])('companyKey(%s) = %s', (name, key) => expect(companyKey(name)).toBe(key));

  it.each([
    [{ cik: '1', ticker: 'A', name: 'X' }, { cik: '1', ticker: 'B', name: 'Y' }, true],
    // Two CIKs decide alone: a reused ticker is another issuer.
    [{ cik: '1', ticker: 'A', name: 'X' }, { cik: '2', ticker: 'A', name: 'X' }, false],
    [{ cik: null, ticker: 'a', name: 'X' }, { cik: '2', ticker: 'A', name: 'Y' }, true],
    [{ cik: null, ticker: 'NEW', name: 'Acme Corp.' }, { cik: null, ticker: 'OLD', name: 'ACME Corporation' }, true],
    [{ cik: null, ticker: 'A', name: 'Inc.' }, { cik: null, ticker: 'B', name: 'Inc' }, false],
    [{ cik: null, ticker: null, name: 'Acme' }, { cik: null, ticker: 'B', name: 'Other' }, false],
  ])('sameIssuer %j %j → %s', (a, b, same) => expect(sameIssuer(a, b)).toBe(same));

  it('lists earlier completed splits of the issuer, newest first, with the call label; never the split itself or later ones', () => {
    const split = { id: 's', cik: null, ticker: 'ABCD', name: 'Abcd Therapeutics Inc.', effDate: '2026-12-10' };
    const candidates = [
      past({ id: 'a', effDate: '2024-03-01', ratio: 20, rsType: 'CIL' }),
      past({ id: 'b', effDate: '2025-06-02', ratio: 15, rsType: 'Round Up', participant: true }),
      past({ id: 's', effDate: '2026-12-10' }),
      past({ id: 'later', effDate: '2027-01-04' }),
      past({ id: 'upcoming', effDate: '2026-01-04', status: 'Upcoming' }),
      past({ id: 'other', effDate: '2025-01-04', ticker: 'ZZZ', name: 'Other Co' }),
    ];
    expect(issuerHistory(split, candidates)).toEqual([
      { date: '2025-06-02', ratio: 15, rounding: 'Round up (participant level)' },
      { date: '2024-03-01', ratio: 20, rounding: 'Cash in lieu' },
    ]);
    // Undated (the pipeline): every completed one counts.
    expect(issuerHistory({ ...split, id: 'p', effDate: null }, candidates).map((h) => h.date)).toEqual([
      '2027-01-04',
      '2026-12-10',
      '2025-06-02',
      '2024-03-01',
    ]);
  });
});
