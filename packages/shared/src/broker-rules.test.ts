import { describe, expect, it } from 'vitest';
import { avoidsRoundUps, minimumOrderRule, minimumShares, roundUpStatusProblem } from './broker-rules';

/** The fewest shares a broker takes in one buy, by price band. */
describe('minimumShares', () => {
  const webull = [
    { below: 1, minShares: 100 },
    { below: 0.1, minShares: 1000 },
  ];
  it.each([
    ['Webull at $0.50: 100 shares', webull, 0.5, 100],
    ['Webull at $0.05: 1,000 shares', webull, 0.05, 1000],
    ['Webull at $0.0999: 1,000 shares', webull, 0.0999, 1000],
    ['Webull at exactly $0.10: 100 shares (not under $0.10)', webull, 0.1, 100],
    ['Webull at exactly $1.00: 1 share (not under $1)', webull, 1, 1],
    ['Webull at $12.40: 1 share', webull, 12.4, 1],
    ['bands in any order: $0.05 still 1,000', [...webull].reverse(), 0.05, 1000],
    ['Firstrade, 100 under $1, at $0.30: 100', [{ below: 1, minShares: 100 }], 0.3, 100],
    ['no rule: 1 share', [], 0.01, 1],
  ])('%s', (_name, rule, price, expected) => expect(minimumShares(rule, price)).toBe(expected));
});

describe('minimumOrderRule (the admin input)', () => {
  it('keeps the bands, highest price first', () => {
    expect(
      minimumOrderRule.parse([
        { below: 0.1, minShares: 1000 },
        { below: 1, minShares: 100 },
      ]),
    ).toEqual([
      { below: 1, minShares: 100 },
      { below: 0.1, minShares: 1000 },
    ]);
  });
  it.each([
    [[{ below: 0, minShares: 100 }], 'A price band’s price must be above 0'],
    [[{ below: 1, minShares: 1.5 }], 'Minimum shares must be a whole number'],
    [[{ below: 1, minShares: 0 }], 'Minimum shares must be at least 1'],
    [
      [
        { below: 1, minShares: 100 },
        { below: 1, minShares: 10 },
      ],
      'Two price bands have the same price',
    ],
    ['100 under $1', 'The minimum order must be a list of price bands'],
  ])('%j → %s', (input, msg) => {
    const r = minimumOrderRule.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(msg);
  });
});

describe('round-up status', () => {
  it.each([
    ['blocks', true],
    ['does_not_honour', true],
    ['honours', false],
    [null, false],
  ] as const)('%s avoids round-ups: %s', (status, expected) => expect(avoidsRoundUps(status)).toBe(expected));
  it.each([
    [{ roundUpStatus: 'blocks', roundUpStatusDate: null }, 'Give the date the round-up status was checked'],
    [{ roundUpStatus: 'blocks', roundUpStatusDate: '2026-11-02' }, null],
    [{ roundUpStatus: null, roundUpStatusDate: null }, null],
  ] as const)('%j → %s', (rules, expected) => expect(roundUpStatusProblem(rules)).toBe(expected));
});
