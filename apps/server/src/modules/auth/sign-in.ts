import { AppError, conflict } from '../../http/app-error';
import { postgresCode } from '../../http/envelope';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import type { UserRow } from '../users/queries';
import { registrationAttemptEmail } from './emails';
import type { PasswordDeps, SessionMeta } from './auth-types';
import { LOGIN_FAIL_WINDOW_SECONDS, accountLocked, INVALID_LOGIN, TAKEN, minutesText, referralTarget } from './rules';

/** Registering and signing in with a password (the auth service's sign-in use cases). */
export function signInUseCases(
  { ctx, users, later, startSession }: PasswordDeps,
  sendVerification: (row: UserRow) => Promise<void>,
) {
  const { config, mailer, limiter, clock, log } = ctx;

  async function noticeRegistrationAttempt(owner: UserRow) {
    // At most one notice per address per hour, so the form cannot be used to flood an inbox.
    const n = await limiter.hit(`register-notice:${owner.email.toLowerCase()}`, 3600);
    if (n.count > 1) return;
    await mailer.send(registrationAttemptEmail(owner, config.appUrl));
  }

  return {
    async register(input: { username: string; email: string; password: string; refId?: string | null }, meta: SessionMeta) {
      // The hash is computed on every path, so a taken address costs what a new account costs.
      const passwordHash = await hashPassword(input.password, config.passwordCost);
      if (await users.byUsername(input.username)) throw conflict(TAKEN);
      const owner = await users.byEmail(input.email);
      if (owner) {
        later(() => noticeRegistrationAttempt(owner));
        throw conflict(TAKEN);
      }
      const refName = referralTarget(input.refId, input.username);
      const referrer = refName ? await users.byUsername(refName) : undefined;
      let row: UserRow;
      try {
        row = await users.create({
          username: input.username,
          email: input.email,
          passwordHash,
          referrerId: referrer?.id ?? null,
          lastLoginDate: clock(),
        });
      } catch (err) {
        // Two registrations racing for the same name or address (double click): the unique index decides.
        if (postgresCode(err) === '23505') throw conflict(TAKEN);
        throw err;
      }
      try {
        await sendVerification(row);
      } catch (err) {
        log.warn({ err }, 'verification email failed; the user can ask for another');
      }
      return startSession(row, meta);
    },

    async login(input: { email: string; password: string }, meta: SessionMeta) {
      const key = `login-fail:${input.email.trim().toLowerCase()}`;
      const fails = await limiter.peek(key);
      if (accountLocked(fails.count)) {
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed sign-in attempts for this account. Try again in ${minutesText(fails.resetSeconds)} or reset your password.`,
          { retryAfterSeconds: fails.resetSeconds },
        );
      }
      const row = await users.byEmail(input.email.trim());
      const ok =
        row && !row.disabled
          ? await verifyPassword(row.passwordHash, input.password)
          : await verifyAgainstDummy(input.password, config.passwordCost);
      if (!row || !ok) {
        await limiter.hit(key, LOGIN_FAIL_WINDOW_SECONDS);
        throw new AppError('UNAUTHENTICATED', INVALID_LOGIN);
      }
      await limiter.reset(key);
      const updated = (await users.recordLogin(row.id, clock())) ?? row;
      return startSession(updated, meta);
    },
  };
}
