/** Pure auth policy numbers and decisions (table-tested in rules.test.ts). */
export const SESSION_DAYS = 30;
export const RESET_TTL_MINUTES = 60;
export const VERIFY_TTL_HOURS = 72;

/** Failed sign-ins allowed per account in a window before that account is slowed. */
export const LOGIN_FAILS_PER_ACCOUNT = 10;
export const LOGIN_FAIL_WINDOW_SECONDS = 15 * 60;
/** Reset emails per account per hour; beyond it requests are answered alike but nothing is sent. */
export const RESET_EMAILS_PER_ACCOUNT = 3;
export const RESET_EMAIL_WINDOW_SECONDS = 60 * 60;
/** One verification email a minute per member (Resend on the verify-your-email notice). */
export const VERIFY_RESEND_SECONDS = 60;

export function addMinutes(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60_000);
}

export function accountLocked(failedCount: number): boolean {
  return failedCount >= LOGIN_FAILS_PER_ACCOUNT;
}

export function minutesText(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return m === 1 ? '1 minute' : `${m} minutes`;
}

/** A referral code names an existing user other than the new one; anything else is ignored. */
export function referralTarget(refId: string | null | undefined, newUsername: string): string | null {
  const ref = refId?.trim();
  if (!ref || ref.toLowerCase() === newUsername.toLowerCase()) return null;
  return ref;
}

// What sign-up and sign-in answer (the same words whether or not an account exists, decision 012).
export const INVALID_LOGIN = 'Invalid email or password.';
export const RESET_SENT = 'If an account exists for that email, a password reset link is on its way.';
export const BAD_RESET_CODE = 'This reset link is invalid or has expired. Please request a new one.';
export const BAD_VERIFY_CODE = 'This verification link is invalid or has expired.';
export const EMAIL_IN_USE = 'An account with that email already exists.';
export const emailChangeSent = (to: string) =>
  `We sent a verification link to ${to}. Your email changes once you open it; until then we keep using your current address.`;
/** One answer for a taken username and a taken address (see docs/decisions/012). */
export const TAKEN = 'That username or email is already taken.';
