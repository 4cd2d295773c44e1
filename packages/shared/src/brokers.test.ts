import { describe, expect, it } from 'vitest';
import { honoursRoundUps, measuredBroker } from './brokers';

describe('measuredBroker: shown from 5 outcomes of 3 members', () => {
  it.each([
    ['no outcomes', undefined, null],
    ['4 outcomes of 3 members', { samples: 4, members: 3, received: 4, medianDays: 2 }, null],
    ['5 outcomes of 2 members', { samples: 5, members: 2, received: 5, medianDays: 2 }, null],
    [
      '5 outcomes of 3 members',
      { samples: 5, members: 3, received: 4, medianDays: 2 },
      { samples: 5, members: 3, shareReceivedRate: 0.8, medianReturnDays: 2 },
    ],
    [
      'a third is rounded',
      { samples: 6, members: 3, received: 2, medianDays: 2.5 },
      { samples: 6, members: 3, shareReceivedRate: 0.33, medianReturnDays: 2.5 },
    ],
    [
      'no dated arrivals',
      { samples: 5, members: 4, received: 0, medianDays: null },
      { samples: 5, members: 4, shareReceivedRate: 0, medianReturnDays: null },
    ],
  ])('%s', (_name, raw, want) => {
    expect(measuredBroker(raw)).toEqual(want);
  });
});

describe('honoursRoundUps', () => {
  it.each([
    [null, null],
    [{ samples: 5, members: 3, shareReceivedRate: 0.5, medianReturnDays: 1 }, true],
    [{ samples: 5, members: 3, shareReceivedRate: 0.49, medianReturnDays: 1 }, false],
    [{ samples: 9, members: 5, shareReceivedRate: 0, medianReturnDays: null }, false],
  ])('%j → %s', (m, want) => {
    expect(honoursRoundUps(m)).toBe(want);
  });
});
