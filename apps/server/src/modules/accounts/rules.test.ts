import { describe, expect, it } from 'vitest';
import { checkReorder, firstForeignAccount, positionsFor, sameAccountList } from './rules';

describe('checkReorder', () => {
  const owned = ['a', 'b', 'c'];
  it.each([
    [['c', 'a', 'b'], null],
    [['a', 'b', 'c'], null],
    [['a', 'b'], 'The new order must list every one of your accounts'],
    [['a', 'b', 'c', 'x'], 'The new order names an account that is not yours'],
    [['a', 'b', 'x'], 'The new order names an account that is not yours'],
    [['a', 'a', 'b'], 'The new order names an account twice'],
    [[], 'The new order must list every one of your accounts'],
  ])('%j → %s', (requested, expected) => {
    expect(checkReorder(owned, requested)).toBe(expected);
  });
  it('accepts an empty order for a member without accounts', () => {
    expect(checkReorder([], [])).toBeNull();
  });
});

describe('positionsFor', () => {
  it('numbers the accounts from 0 in the requested order', () => {
    expect(positionsFor(['x', 'y'])).toEqual([
      { id: 'x', position: 0 },
      { id: 'y', position: 1 },
    ]);
  });
});

describe('firstForeignAccount (a group holds only the member’s own accounts)', () => {
  const owned = new Set(['a', 'b', 'c']);
  it.each([
    [[], null],
    [['a', 'c'], null],
    [['a', 'x', 'y'], 'x'],
    [['z'], 'z'],
  ] as const)('%j → %s', (requested, expected) => expect(firstForeignAccount(owned, requested)).toBe(expected));
});

describe('sameAccountList (a repeated create answers the first group)', () => {
  it.each([
    [['a', 'b'], ['a', 'b'], true],
    [['a', 'b'], ['b', 'a'], false],
    [['a'], ['a', 'b'], false],
    [[], [], true],
  ] as const)('%j vs %j → %s', (a, b, expected) => expect(sameAccountList(a, b)).toBe(expected));
});
