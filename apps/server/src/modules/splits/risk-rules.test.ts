import { describe, expect, it } from 'vitest';
import { cumulativeRatio, sessionsBetween, splitRisk, type RiskFacts } from './risk-rules';

const facts = (f: Partial<RiskFacts> = {}): RiskFacts => ({
  exchange: 'Nasdaq',
  effDate: '2026-03-20',
  acceptedAt: '2026-03-02T21:00:00Z',
  ratio: 10,
  price: 1.5,
  rsType: 'Round Up',
  participant: false,
  source: 'https://www.sec.gov/Archives/edgar/data/1/x.htm',
  history: [],
  clawbacks: [],
  memberClawbacks: [],
  ...f,
});
const codes = (f: Partial<RiskFacts>) => splitRisk(facts(f)).reasons.map((r) => r.code);

describe('sessionsBetween: market sessions from the announcement to the effective date, on the exchange clock', () => {
  it.each([
    // Accepted Monday 4:05 pm New York (after the close): Tue, Wed → 2 sessions before a Thursday split.
    ['2026-03-02T21:05:00Z', '2026-03-05', 2],
    // Accepted Monday 3:00 pm New York: Monday's session still counts.
    ['2026-03-02T20:00:00Z', '2026-03-05', 3],
    // Accepted Wednesday 24 December 2025 at 2 pm: the early close (1 pm) has passed; Christmas is shut.
    ['2025-12-24T19:00:00Z', '2025-12-29', 1],
    // Accepted Thursday 2 April 2026 after the close: Good Friday (3 April) is a holiday, then Monday.
    ['2026-04-02T21:00:00Z', '2026-04-07', 1],
    // Across Thanksgiving 2026 (26 November) and the half day after it (which still counts as a session).
    ['2026-11-24T22:00:00Z', '2026-12-01', 3],
    // Friday evening before a Monday split: nothing left.
    ['2026-03-06T23:30:00Z', '2026-03-09', 0],
    // Across a New Year's Day observed on a weekday (1 January 2027 is a Friday).
    ['2026-12-30T22:00:00Z', '2027-01-05', 2],
  ])('accepted %s, effective %s → %i', (acceptedAt, effDate, n) => expect(sessionsBetween(acceptedAt, effDate)).toBe(n));
});

describe('cumulativeRatio: this split times the issuer’s splits of the two years before it', () => {
  it.each([
    [[], 10, 10, 0],
    [[{ date: '2025-01-10', ratio: 20 }], 10, 200, 1],
    // Exactly two years earlier still counts; one day more does not.
    [[{ date: '2024-03-20', ratio: 5 }], 10, 50, 1],
    [[{ date: '2024-03-19', ratio: 5 }], 10, 10, 0],
    [
      [
        { date: '2025-01-10', ratio: 5 },
        { date: '2024-06-01', ratio: 5 },
      ],
      10,
      250,
      2,
    ],
  ])('history %j with 1-for-%i → %i over %i earlier splits', (history, ratio, total, count) =>
    expect(cumulativeRatio({ effDate: '2026-03-20', ratio, history })).toEqual({ total, count }),
  );
});

describe('cumulative_ratio at each exchange’s cap (Nasdaq 250:1, NYSE and NYSE American 200:1)', () => {
  it.each([
    ['Nasdaq', 124, [], null],
    ['Nasdaq', 125, [], 'elevated'],
    ['Nasdaq', 10, [{ date: '2025-06-01', ratio: 24 }], 'elevated'],
    ['Nasdaq', 10, [{ date: '2025-06-01', ratio: 25 }], 'high'],
    ['Nasdaq', 10, [{ date: '2023-06-01', ratio: 25 }], null],
    ['NYSE', 99, [], null],
    ['NYSE', 100, [], 'elevated'],
    ['NYSE', 10, [{ date: '2025-06-01', ratio: 20 }], 'high'],
    [
      'NYSE',
      10,
      [
        { date: '2024-06-01', ratio: 4 },
        { date: '2025-06-01', ratio: 5 },
      ],
      'high',
    ],
    ['NYSE American', 99, [], null],
    ['NYSE American', 100, [], 'elevated'],
    ['NYSE American', 10, [{ date: '2025-06-01', ratio: 20 }], 'high'],
    ['NYSE American', 10, [{ date: '2023-06-01', ratio: 20 }], null],
    ['OTC', 500, [], null],
    [null, 500, [], null],
  ] as const)('%s, 1-for-%i after %j → %s', (exchange, ratio, history, level) => {
    const r = splitRisk(facts({ exchange, ratio, history, acceptedAt: null }));
    const reason = r.reasons.find((x) => x.code === 'cumulative_ratio');
    expect(reason ? r.level : null).toBe(level);
  });

  it('says the total and the cap in plain words', () => {
    const r = splitRisk(facts({ ratio: 10, history: [{ date: '2025-06-01', ratio: 25 }], acceptedAt: null }));
    expect(r.reasons[0].text).toBe("250:1 in reverse splits over two years (2 splits), at or over Nasdaq's 250:1 cap");
  });
});

describe('splitRisk: each rule, and the level is the worst reason', () => {
  it.each<[string, Partial<RiskFacts>, string[], string]>([
    ['nothing applies', {}, [], 'normal'],
    ['short notice', { acceptedAt: '2026-03-17T21:00:00Z' }, ['short_notice'], 'elevated'],
    ['unknown acceptance time: no notice rule', { acceptedAt: null, effDate: '2026-03-03' }, [], 'normal'],
    [
      'NYSE, 9 calendar days but enough sessions',
      { exchange: 'NYSE', acceptedAt: '2026-03-11T14:00:00Z' },
      ['nyse_late_notice'],
      'elevated',
    ],
    ['NYSE, 10 calendar days', { exchange: 'NYSE', acceptedAt: '2026-03-10T14:00:00Z' }, [], 'normal'],
    ['Nasdaq, 9 calendar days: no NYSE rule', { acceptedAt: '2026-03-11T14:00:00Z' }, [], 'normal'],
    ['price $0.10', { price: 0.1 }, ['sub_dime'], 'elevated'],
    ['price $0.11', { price: 0.11 }, [], 'normal'],
    ['price unknown (0)', { price: 0 }, [], 'normal'],
    ['participant-level round-up', { participant: true }, ['participant_level'], 'elevated'],
    ['participant flag on cash in lieu: not a round-up risk', { participant: true, rsType: 'CIL' }, [], 'normal'],
    [
      'clawback recorded',
      { clawbacks: [{ kind: 'reversed', date: '2024-05-01', source: 'https://example.org/a' }] },
      ['clawback_history'],
      'high',
    ],
    [
      'members clawed back on an earlier split; a later one does not count',
      {
        memberClawbacks: [
          { effDate: '2025-01-02', source: null },
          { effDate: '2026-04-01', source: null },
        ],
      },
      ['clawback_history'],
      'high',
    ],
    [
      'worst first: clawback before short notice and participant level',
      {
        participant: true,
        acceptedAt: '2026-03-18T21:00:00Z',
        clawbacks: [{ kind: 'litigated', date: '2023-02-01', source: 'https://example.org/b' }],
      },
      ['clawback_history', 'short_notice', 'participant_level'],
      'high',
    ],
  ])('%s', (_, f, expected, level) => {
    expect(codes(f)).toEqual(expected);
    expect(splitRisk(facts(f)).level).toBe(level);
  });

  it('writes plain, short text with its source', () => {
    const r = splitRisk(facts({ clawbacks: [{ kind: 'reversed', date: '2024-05-01', source: 'https://example.org/a' }] }));
    expect(r.reasons).toEqual([
      { code: 'clawback_history', text: 'Issuer reversed round-up shares in 2024', source: 'https://example.org/a' },
    ]);
    const s = splitRisk(facts({ acceptedAt: '2026-03-18T21:00:00Z' })).reasons[0];
    expect(s).toEqual({
      code: 'short_notice',
      text: 'Announced only 1 market session before the split',
      source: 'https://www.sec.gov/Archives/edgar/data/1/x.htm',
    });
  });
});
