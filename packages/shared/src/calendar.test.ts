import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { addMonthsClamped, calendarKeyTarget, isCalendarKey, isMaskedBuyDate, starterHidden, starterUnlockDate } from './splits';

describe('calendar keys: where focus moves in the grid', () => {
  it.each([
    // [from, key, shift, to]
    ['2026-03-10', 'ArrowLeft', false, '2026-03-09'],
    ['2026-03-01', 'ArrowLeft', false, '2026-02-28'],
    ['2026-03-31', 'ArrowRight', false, '2026-04-01'],
    ['2026-12-31', 'ArrowRight', false, '2027-01-01'],
    ['2026-03-03', 'ArrowUp', false, '2026-02-24'],
    ['2026-03-28', 'ArrowDown', false, '2026-04-04'],
    ['2026-03-10', 'Home', false, '2026-03-08'], // Tuesday → Sunday
    ['2026-03-08', 'Home', false, '2026-03-08'], // already Sunday
    ['2026-03-10', 'End', false, '2026-03-14'], // Tuesday → Saturday
    ['2026-02-28', 'End', false, '2026-02-28'], // already Saturday
    ['2026-04-30', 'End', false, '2026-05-02'], // the week runs into May
    ['2026-03-10', 'PageUp', false, '2026-02-10'],
    ['2026-03-31', 'PageUp', false, '2026-02-28'], // clamped to February's last day
    ['2024-03-31', 'PageUp', false, '2024-02-29'], // leap year
    ['2026-01-15', 'PageUp', false, '2025-12-15'],
    ['2026-12-15', 'PageDown', false, '2027-01-15'],
    ['2026-01-31', 'PageDown', false, '2026-02-28'],
    ['2024-02-29', 'PageDown', true, '2025-02-28'], // Shift: a year
    ['2026-03-10', 'PageUp', true, '2025-03-10'],
  ] as const)('%s %s (shift %s) → %s', (from, key, shift, to) => {
    expect(calendarKeyTarget(from, key, shift)).toBe(to);
  });

  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-01-31', -2, '2025-11-30'],
    ['2026-05-15', 0, '2026-05-15'],
    ['2026-11-30', 14, '2028-01-30'],
    ['2026-01-10', -13, '2024-12-10'],
  ] as const)('addMonthsClamped(%s, %i) = %s', (from, n, to) => {
    expect(addMonthsClamped(from, n)).toBe(to);
  });

  it.each([
    ['ArrowLeft', true],
    ['PageDown', true],
    ['Enter', false],
    ['Tab', false],
    ['a', false],
  ])('isCalendarKey(%s) = %s', (key, yes) => {
    expect(isCalendarKey(key)).toBe(yes);
  });
});

describe('Starter: when a masked split opens', () => {
  it.each([
    ['2026-03-10', '2026-03-11'],
    ['2026-02-28', '2026-03-01'],
    ['2024-02-28', '2024-02-29'],
    ['2026-12-31', '2027-01-01'],
  ])('a split bought by %s opens on %s, and not a day earlier', (buyDate, opens) => {
    expect(starterUnlockDate(buyDate)).toBe(opens);
    expect(isMaskedBuyDate(buyDate, addDays(opens, -1))).toBe(true);
    expect(isMaskedBuyDate(buyDate, opens)).toBe(false);
  });

  it.each([
    [[], 0, null],
    [[{ masked: false, buyDate: '2026-03-02' }], 0, null],
    [
      [
        { masked: true, buyDate: '2026-03-20' },
        { masked: true, buyDate: '2026-03-12' },
        { masked: false, buyDate: '2026-03-01' },
      ],
      2,
      '2026-03-13',
    ],
  ] as const)('starterHidden(%j) = %i, next %s', (splits, count, next) => {
    expect(starterHidden(splits)).toEqual({ count, nextUnlock: next });
  });
});
