import { describe, expect, it } from 'vitest';
import { accountLocked, LOGIN_FAILS_PER_ACCOUNT, minutesText, referralTarget } from './rules';

describe('auth rules', () => {
  it.each([
    [0, false],
    [LOGIN_FAILS_PER_ACCOUNT - 1, false],
    [LOGIN_FAILS_PER_ACCOUNT, true],
    [LOGIN_FAILS_PER_ACCOUNT + 5, true],
  ])('%i failures lock: %s', (n, locked) => expect(accountLocked(n)).toBe(locked));

  it.each([
    [1, '1 minute'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
  ])('%i s reads "%s"', (s, text) => expect(minutesText(s)).toBe(text));

  it.each([
    [undefined, 'bob', null],
    ['', 'bob', null],
    ['  ', 'bob', null],
    ['BOB', 'bob', null],
    [' alice ', 'bob', 'alice'],
  ])('referral %s for %s -> %s', (ref, name, out) => expect(referralTarget(ref, name)).toBe(out));
});
