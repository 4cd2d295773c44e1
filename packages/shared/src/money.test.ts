import { describe, expect, it } from 'vitest';
import { formatMoney, formatPrice, sumMoney, toCents } from './money';

describe('money', () => {
  it('sums a thousand $0.01 profits to exactly $10.00', () => {
    expect(sumMoney(Array.from({ length: 1000 }, () => 0.01))).toBe(10);
    expect(formatMoney(sumMoney(Array.from({ length: 1000 }, () => '0.01')))).toBe('$10.00');
  });
  it.each([
    [0.1 + 0.2, 30],
    ['1.005', 101],
    [-3.32, -332],
    ['0', 0],
    [996, 99600],
  ])('toCents(%s) = %i', (v, c) => expect(toCents(v)).toBe(c));
  it.each([
    [3.32, '$3.32'],
    [11952, '$11,952.00'],
    [-2.5, '-$2.50'],
    [null, '$0.00'],
    ['0.005', '$0.01'],
  ])('formatMoney(%s) = %s', (v, s) => expect(formatMoney(v)).toBe(s));
  it.each([
    [0.1234, '$0.1234'],
    [1.5, '$1.50'],
    [2, '$2.00'],
    ['0.0150', '$0.015'],
  ])('formatPrice(%s) = %s', (v, s) => expect(formatPrice(v)).toBe(s));
  it('refuses non-numbers', () => expect(() => toCents('abc')).toThrow(RangeError));
});
