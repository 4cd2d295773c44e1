import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { LIMITS } from '@roundup/shared';

/** Phone validation codes (product.md#states, product.md#limits): 6 digits, 10 minutes, 59 s between sends, at most 3 codes, 5 tries each. */
export const OTP = {
  digits: 6,
  ttlMs: 10 * 60_000,
  resendSeconds: LIMITS.smsResendSeconds,
  maxCodes: LIMITS.smsMaxCodes,
  /** The window in which the 3-code limit (per user) and the per-number limit count. */
  windowMs: 24 * 60 * 60_000,
  maxTries: 5,
  /** Codes sent to one number per window, whoever asks (SMS pumping). */
  maxPerNumber: 5,
  /** Codes requested from one IP per hour (SMS pumping). */
  maxPerIpPerHour: 10,
} as const;

export const MAX_ATTEMPTS_REACHED = 'Max Attempts Reached!';
export const PHONE_FORMAT_MESSAGE = 'Enter your phone number, e.g. (415) 555-0100, or +44 20 7946 0958 from another country.';
/** A number without "+" is read in the member's country; the profile has none yet, so US. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/** The allowed ISO country codes from SMS_ALLOWED_COUNTRIES ("US,CA"). */
export function allowedCountries(setting: string): CountryCode[] {
  return setting
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter((c) => /^[A-Z]{2}$/.test(c)) as CountryCode[];
}

export type PhoneCheck = { ok: true; e164: string; country: string } | { ok: false; msg: string };

/**
 * Reads a phone number as the member types it ("(415) 555-0134", "+1 415 555 0134"), a number
 * without "+" in `home` (libphonenumber-js), and normalises it to E.164.
 */
export function checkPhone(input: string, allowed: readonly string[], home: CountryCode = DEFAULT_PHONE_COUNTRY): PhoneCheck {
  const raw = input.trim();
  const parsed = parsePhoneNumberFromString(raw, { defaultCountry: home });
  if (!parsed || !parsed.isValid()) return { ok: false, msg: 'That phone number is not valid. ' + PHONE_FORMAT_MESSAGE };
  const country = parsed.country ?? '';
  if (!allowed.includes(country)) {
    return { ok: false, msg: `Text messages can only be sent to numbers in ${allowed.join(', ') || 'no country yet'}.` };
  }
  return { ok: true, e164: parsed.number, country };
}

export interface SentCode {
  createdAt: Date;
}

/**
 * May another code be sent now? `userCodes`: this user's codes in the window;
 * `numberCount`: codes sent to the same number (any user) in the window.
 */
export function canSendCode(input: {
  now: Date;
  userCodes: readonly SentCode[];
  numberCount: number;
}): { ok: true } | { ok: false; msg: string } {
  const recent = input.userCodes.filter((c) => input.now.getTime() - c.createdAt.getTime() < OTP.windowMs);
  if (recent.length >= OTP.maxCodes) return { ok: false, msg: MAX_ATTEMPTS_REACHED };
  const last = recent.reduce<number>((m, c) => Math.max(m, c.createdAt.getTime()), 0);
  const waitMs = last + OTP.resendSeconds * 1000 - input.now.getTime();
  if (last > 0 && waitMs > 0) {
    return { ok: false, msg: `Please wait ${Math.ceil(waitMs / 1000)} seconds before requesting a new code.` };
  }
  if (input.numberCount >= OTP.maxPerNumber)
    return { ok: false, msg: 'Too many codes were sent to this number today. Please try again tomorrow.' };
  return { ok: true };
}

export interface StoredCode {
  phone: string;
  attempts: number;
  expiresAt: Date;
  usedAt: Date | null;
}

export type CodeState = 'usable' | 'none' | 'expired' | 'dead';

/** Whether the latest code can still be tried. */
export function codeState(code: StoredCode | undefined, now: Date, currentPhone: string | null): CodeState {
  if (!code || code.usedAt || code.phone !== currentPhone) return 'none';
  if (code.attempts >= OTP.maxTries) return 'dead';
  if (code.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'usable';
}

export const OTP_MESSAGES = {
  none: 'Request a code first.',
  expired: 'That code has expired. Please request a new code.',
  dead: 'Too many wrong codes. Please request a new code.',
  wrong: 'That code is not correct.',
} as const;

/** The text of the SMS. */
export const otpSms = (code: string) => `Your RoundUp verification code is ${code}. It expires in 10 minutes.`;
