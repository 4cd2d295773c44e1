import { describe, expect, it } from 'vitest';
import { brokerGroupedOrder, groupByBroker, nextNicknames } from './accounts';

const acc = (nickname: string, broker: string) => ({ nickname, broker });
const names = (list: { nickname: string }[]) => list.map((a) => a.nickname);

describe('groupByBroker: every list of accounts, by broker', () => {
  it.each([
    ['no accounts', [], []],
    ['one broker keeps the member’s order', [acc('B', 'Fidelity'), acc('A', 'Fidelity')], [['Fidelity', ['B', 'A']]]],
    [
      'brokers in the order of the member’s first account at each',
      [acc('S1', 'Schwab'), acc('F1', 'Fidelity'), acc('S2', 'Schwab'), acc('R1', 'Robinhood'), acc('F2', 'Fidelity')],
      [
        ['Schwab', ['S1', 'S2']],
        ['Fidelity', ['F1', 'F2']],
        ['Robinhood', ['R1']],
      ],
    ],
    [
      'a broker name is matched exactly',
      [acc('x', 'Webull'), acc('y', 'webull')],
      [
        ['Webull', ['x']],
        ['webull', ['y']],
      ],
    ],
  ] as const)('%s', (_name, accounts, groups) => {
    expect(groupByBroker(accounts).map((g) => [g.broker, names(g.accounts)])).toEqual(groups);
  });

  it.each([
    // A drop into the middle of another broker's accounts lands with its own broker.
    [
      ['F1', 'S1', 'F2'],
      ['F1', 'F2', 'S1'],
    ],
    // Moving a broker's only account moves the broker.
    [
      ['S1', 'F1', 'F2'],
      ['S1', 'F1', 'F2'],
    ],
    [
      ['F2', 'S1', 'F1'],
      ['F2', 'F1', 'S1'],
    ],
  ])('brokerGroupedOrder(%j) = %j', (order, grouped) => {
    const list = order.map((n) => acc(n, n.startsWith('F') ? 'Fidelity' : 'Schwab'));
    expect(names(brokerGroupedOrder(list))).toEqual(grouped);
  });
});

describe('nextNicknames (add several, copy one)', () => {
  it.each([
    ['none taken', [], 'Webull Roth IRA', 3, ['Webull Roth IRA 1', 'Webull Roth IRA 2', 'Webull Roth IRA 3']],
    [
      'skips taken names, whatever the case',
      ['webull cash 1', 'Webull Cash 3'],
      'Webull Cash',
      2,
      ['Webull Cash 2', 'Webull Cash 4'],
    ],
    ['a copy of "Fid Cash" is "Fid Cash 1"', ['Fid Cash'], 'Fid Cash', 1, ['Fid Cash 1']],
    ['a copy of "Fid Cash 1" is "Fid Cash 2"', ['Fid Cash 1'], 'Fid Cash 1', 1, ['Fid Cash 2']],
    ['a long base still fits 50 characters', [], 'x'.repeat(60), 1, [`${'x'.repeat(46)} 1`]],
  ])('%s', (_name, taken, base, count, expected) => expect(nextNicknames(taken, base, count)).toEqual(expected));
});
