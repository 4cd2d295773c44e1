import { describe, expect, it } from 'vitest';
import { findNul, findText } from './input-guard';

describe('findNul', () => {
  it.each([
    ['plain', null],
    ['a\u0000b', '(value)'],
    [{ email: 'x\u0000' }, 'email'],
    [{ newAccount: { name: ['ok', 'b\u0000'] } }, 'newAccount.name.1'],
    [{ ['k\u0000']: 1 }, '(key)'],
    [{ a: 1, b: true, c: null, d: [1, 2] }, null],
    [Buffer.from('a\u0000b'), null],
    [undefined, null],
  ])('%j → %s', (value, where) => {
    expect(findNul(value)).toBe(where);
  });
});

describe('findText', () => {
  it.each([
    [{ name: 'Family \ud800' }, 'name'],
    [{ newAccount: { nickname: ['ok', 'Roth 👩‍👩‍👧', '\udfff'] } }, 'newAccount.nickname.2'],
    [{ name: 'Roth 👩‍👩‍👧' }, null],
  ])('%j → %s', (value, where) => {
    expect(findText(value, (t) => /\p{Cs}/u.test(t))).toBe(where);
  });
});
