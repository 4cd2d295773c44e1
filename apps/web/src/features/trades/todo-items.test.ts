import { describe, expect, it } from 'vitest';
import type { TradeProgress } from '@roundup/shared';
import type { Split } from '@roundup/shared/splits';
import { splitDeadline } from '@roundup/shared/deadline';
import { todoItems } from './components/todo-items';

// DMFQ is bought by Fri Nov 27 2026, the day after Thanksgiving: the market closes at 1:00 pm ET (18:00 UTC).
const split = {
  _id: 's1',
  ticker: 'DMFQ',
  name: 'DMF Quantum',
  buyDate: '2026-11-27',
  effDate: '2026-11-30',
  status: 'Upcoming',
  exchange: 'Nasdaq',
  deadline: splitDeadline('2026-11-27', 'Nasdaq'),
} as unknown as Split;
// 25 active accounts, 2 of them at brokers marked to avoid; 3 bought, one of those at an avoided broker.
const progress: TradeProgress = {
  accounts: 25,
  avoided: 2,
  progress: [{ splitId: 's1', bought: 3, boughtAvoided: 1, received: 0, sold: 0, receivedUnsold: 0 }],
};
const buyLines = (today: string, now: string) =>
  todoItems([split], progress, undefined, today, new Date(now)).map((i) => `${i.kind}: ${i.split.ticker}${i.text}`);

describe('the To do buy line follows the deadline', () => {
  it.each([
    [
      'the day before',
      '2026-11-26',
      '2026-11-26T20:00:00Z',
      'buy: DMFQ by tomorrow, Nov 27, 1:00 pm ET: 21 of 23 accounts left (2 accounts at brokers to avoid left out)',
    ],
    [
      'the morning of',
      '2026-11-27',
      '2026-11-27T15:00:00Z',
      'buy: DMFQ by 1:00 pm ET today: 21 of 23 accounts left (2 accounts at brokers to avoid left out)',
    ],
    [
      'the last hour counts down',
      '2026-11-27',
      '2026-11-27T17:18:00Z',
      'buy: DMFQ by 1:00 pm ET today · Closes in 42 min: 21 of 23 accounts left (2 accounts at brokers to avoid left out)',
    ],
    [
      '10:25 pm ET: missed',
      '2026-11-27',
      '2026-11-28T03:25:00Z',
      'missed: DMFQ: Closed 1:00 pm ET: too late to buy. No buy in 21 of 23 accounts (2 accounts at brokers to avoid left out)',
    ],
  ])('%s', (_label, today, now, line) => expect(buyLines(today, now)).toEqual([line]));

  it('leaves the next day', () => expect(buyLines('2026-11-28', '2026-11-28T15:00:00Z')).toEqual([]));

  it('a Saturday buy-by date is bought by Friday: "today" on Friday, not "tomorrow"', () => {
    const saturday = { ...split, buyDate: '2026-11-28', deadline: splitDeadline('2026-11-28', 'Nasdaq') } as Split;
    const lines = todoItems([saturday], progress, undefined, '2026-11-27', new Date('2026-11-27T17:18:00Z'));
    expect(lines.map((i) => i.text)).toEqual([
      ' by 1:00 pm ET today · Closes in 42 min: 21 of 23 accounts left (2 accounts at brokers to avoid left out)',
    ]);
  });

  it('leaves once every account that can buy has bought, whatever the avoided ones did', () => {
    const done = { ...progress, progress: [{ ...progress.progress[0], bought: 24, boughtAvoided: 1 }] };
    expect(todoItems([split], done, undefined, '2026-11-27', new Date('2026-11-27T15:00:00Z'))).toEqual([]);
  });
});
