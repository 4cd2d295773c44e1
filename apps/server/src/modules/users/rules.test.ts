import { describe, expect, it } from 'vitest';
import { allowedCountries, canSendCode, checkPhone, codeState, MAX_ATTEMPTS_REACHED, OTP } from './rules';

describe('checkPhone (libphonenumber-js, SMS_ALLOWED_COUNTRIES)', () => {
  const allowed = allowedCountries('US, ca,xx1');
  it('parses the setting', () => expect(allowed).toEqual(['US', 'CA']));
  it.each([
    ['+1 415 555 0132', true, '+14155550132'],
    ['+1 (604) 555-0100', true, '+16045550100'],
    // Read as the member types it, in the profile's country (US by default).
    ['4155550132', true, '+14155550132'],
    ['(415) 555-0134', true, '+14155550134'],
    ['415.555.0134', true, '+14155550134'],
    ['1 415 555 0134', true, '+14155550134'],
    ['555-0134', false, null],
    ['+1 415 555', false, null],
    ['+44 20 7946 0958', false, null],
    ['+33 1 42 68 53 00', false, null],
  ])('%s', (input, ok, e164) => {
    const r = checkPhone(input, allowed);
    expect(r.ok).toBe(ok);
    if (r.ok) expect(r.e164).toBe(e164);
  });
  it.each([
    ['(604) 555-0100 in Canada', '(604) 555-0100', 'CA', '+16045550100'],
    ['020 7946 0958 in Great Britain: not an allowed country', '020 7946 0958', 'GB', null],
    ['+1 415 555 0132 from Great Britain: the + wins', '+1 415 555 0132', 'GB', '+14155550132'],
  ] as const)('%s', (_name, input, country, e164) => {
    const r = checkPhone(input, allowed, country);
    expect(r.ok ? r.e164 : null).toBe(e164);
  });
  it('names the allowed countries', () => {
    const r = checkPhone('+44 20 7946 0958', allowed);
    expect(r.ok ? '' : r.msg).toContain('US, CA');
  });
});

describe('canSendCode', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  const ago = (s: number) => ({ createdAt: new Date(now.getTime() - s * 1000) });
  it.each([
    ['first code', [], 0, true, ''],
    ['resend after 59 s', [ago(59)], 0, true, ''],
    ['resend before 59 s', [ago(58)], 0, false, 'Please wait 1 seconds'],
    ['third code', [ago(600), ago(300)], 0, true, ''],
    ['fourth code refused', [ago(900), ago(600), ago(300)], 0, false, MAX_ATTEMPTS_REACHED],
    ['old codes out of the window do not count', [ago(90_000), ago(90_001), ago(90_002)], 0, true, ''],
    ['per-number limit', [], OTP.maxPerNumber, false, 'Too many codes'],
  ] as const)('%s', (_n, codes, numberCount, ok, msg) => {
    const r = canSendCode({ now, userCodes: codes, numberCount });
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.msg).toContain(msg);
  });
});

describe('codeState', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  const code = { phone: '+14155550132', attempts: 0, expiresAt: new Date(now.getTime() + 1000), usedAt: null };
  it.each([
    ['usable', code, 'usable'],
    ['no code', undefined, 'none'],
    ['used', { ...code, usedAt: now }, 'none'],
    ['phone changed since', { ...code, phone: '+14155550100' }, 'none'],
    ['expired', { ...code, expiresAt: now }, 'expired'],
    ['5 wrong tries', { ...code, attempts: 5 }, 'dead'],
  ] as const)('%s', (_n, c, state) => {
    expect(codeState(c, now, '+14155550132')).toBe(state);
  });
});
