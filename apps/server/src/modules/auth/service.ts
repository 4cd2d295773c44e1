import type { PublicUser } from '@roundup/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict } from '../../http/app-error';
import { postgresCode } from '../../http/envelope';
import type { Principal } from '../../http/auth';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { singleFlight } from '../../lib/single-flight';
import { hashToken, newToken } from '../../lib/tokens';
import { memberRecords, toPublicUser, type UserRow } from '../users/queries';
import { emailChangedEmail, emailChangeRequestedEmail, registrationAttemptEmail, verificationEmail } from './emails';
import { passwordUseCases } from './passwords';
import { authRepo } from './repo';
import {
  LOGIN_FAIL_WINDOW_SECONDS,
  SESSION_DAYS,
  VERIFY_RESEND_SECONDS,
  VERIFY_TTL_HOURS,
  accountLocked,
  BAD_VERIFY_CODE,
  EMAIL_IN_USE,
  emailChangeSent,
  INVALID_LOGIN,
  TAKEN,
  addMinutes,
  minutesText,
  referralTarget,
} from './rules';

export interface SessionMeta {
  userAgent?: string | null;
}

export function authService(ctx: AppContext) {
  const { database, config, mailer, limiter, clock, log } = ctx;
  const users = memberRecords(database.db);
  const repo = authRepo(database.db);
  const hash = (token: string) => hashToken(config.tokenPepper, token);
  const resolving = singleFlight<string, Principal | null>();

  const publicUser = (row: UserRow): Promise<PublicUser> => users.publicUser(row);

  async function startSession(row: UserRow, meta: SessionMeta): Promise<{ user: PublicUser; token: string }> {
    const token = newToken();
    const now = clock();
    await repo.createSession({
      userId: row.id,
      tokenHash: hash(token),
      expiresAt: addMinutes(now, SESSION_DAYS * 24 * 60),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return { user: await publicUser(row), token };
  }

  /** Work whose duration must not show in the answer (emails that exist vs. not); drained on close. */
  const pending = new Set<Promise<void>>();
  function later(work: () => Promise<void>) {
    // Started on the next turn, so the answer is on its way before the work competes with it.
    const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err) => log.error({ err }, 'background auth email failed'))
      .finally(() => pending.delete(p));
    pending.add(p);
  }

  async function noticeRegistrationAttempt(owner: UserRow) {
    // At most one notice per address per hour, so the form cannot be used to flood an inbox.
    const n = await limiter.hit(`register-notice:${owner.email.toLowerCase()}`, 3600);
    if (n.count > 1) return;
    await mailer.send(registrationAttemptEmail(owner, config.appUrl));
  }

  /** A verification link for `to` (the member's address, or the new one they asked for). */
  async function sendVerification(row: UserRow, to: string = row.email): Promise<void> {
    const code = newToken();
    await repo.createEmailToken({
      userId: row.id,
      purpose: 'verify',
      email: to,
      tokenHash: hash(code),
      expiresAt: addMinutes(clock(), VERIFY_TTL_HOURS * 60),
    });
    await mailer.send(verificationEmail(row, to, `${config.appUrl}/verify-email/${code}`));
  }

  return {
    publicUser,

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

    async resolveSession(token: string): Promise<Principal | null> {
      const now = clock();
      const tokenHash = hash(token);
      const cached = ctx.sessions.get(tokenHash, now.getTime());
      if (cached) return cached;
      // A member's requests in flight when the cached entry ends share one lookup (issue 24 §7); a sign-out or
      // role change since a lookup began starts a new one, and the older one's answer is not cached.
      const epoch = ctx.sessions.epoch;
      return resolving(`${tokenHash}|${epoch}`, async () => {
        const found = await repo.liveSession(tokenHash, now);
        if (!found) return null;
        // Touch at most once a minute to keep reads cheap.
        if (now.getTime() - found.session.lastUsedAt.getTime() > 60_000) await repo.touchSession(found.session.id, now);
        const principal = { user: toPublicUser(found.user), sessionId: found.session.id };
        if (ctx.sessions.epoch === epoch) ctx.sessions.set(tokenHash, principal, now.getTime());
        return principal;
      });
    },

    async currentUser(principal: Principal): Promise<PublicUser> {
      const row = await users.byId(principal.user.id);
      return row ? publicUser(row) : principal.user;
    },

    /** Signing out ends every session of the member (every device, every live stream). */
    async logout(principal: Principal) {
      await repo.revokeUserSessions(principal.user.id, clock());
      ctx.sessions.invalidateUser(principal.user.id);
    },

    /**
     * Opens a verification link. It verifies the address it was sent to only while that is still the
     * member's address (or the new address they are waiting to confirm, which then replaces the old one).
     */
    async validateEmail(code: string, meta: SessionMeta) {
      const token = await repo.consumeEmailTokenWithAddress(hash(code), 'verify', clock());
      const current = token ? await users.byId(token.userId) : undefined;
      if (!token?.email || !current || current.disabled) throw badRequest(BAD_VERIFY_CODE);
      const sentTo = token.email.toLowerCase();
      let row: UserRow | undefined;
      if (sentTo === current.email.toLowerCase()) {
        row = await users.confirmEmail(current.id);
      } else if (current.pendingEmail && sentTo === current.pendingEmail.toLowerCase()) {
        try {
          row = await users.confirmEmail(current.id, current.pendingEmail);
        } catch (err) {
          if (postgresCode(err) === '23505') throw conflict(EMAIL_IN_USE);
          throw err;
        }
        if (row) {
          const old = current.email;
          later(async () => {
            await mailer.send(emailChangedEmail(current, old, row!.email));
          });
        }
      }
      if (!row) throw badRequest(BAD_VERIFY_CODE);
      ctx.sessions.invalidateUser(row.id);
      return startSession(row, meta);
    },

    /**
     * Asks to move the account to a new address: needs the current password; the new address must be
     * confirmed from a link sent to it before it takes effect; the current address is told at once.
     * Returns a message for the member, or null when the address did not change.
     */
    async requestEmailChange(principal: Principal, newEmail: string, password: string | undefined): Promise<string | null> {
      const row = await users.byId(principal.user.id);
      if (!row) throw badRequest(BAD_VERIFY_CODE);
      const wanted = newEmail.trim();
      if (wanted.toLowerCase() === row.email.toLowerCase()) {
        // Back to the current address: a pending change is dropped.
        if (row.pendingEmail) await users.setPendingEmail(row.id, null);
        return null;
      }
      if (!password) throw new AppError('VALIDATION', 'Enter your current password to change your email.');
      if (!(await verifyPassword(row.passwordHash, password))) throw badRequest('Your current password is not correct.');
      const other = await users.byEmail(wanted);
      if (other && other.id !== row.id) throw conflict(EMAIL_IN_USE);
      const updated = (await users.setPendingEmail(row.id, wanted)) ?? row;
      await sendVerification(updated, wanted);
      await mailer.send(emailChangeRequestedEmail(row, wanted, config.appUrl));
      return emailChangeSent(wanted);
    },

    /** A new verification link; one a minute per member, so a double click or two tabs send one email. */
    async resendVerification(principal: Principal): Promise<{ msg: string; resendSeconds: number }> {
      const row = await users.byId(principal.user.id);
      if (!row || row.emailValidated) return { msg: 'Your email is already verified.', resendSeconds: 0 };
      const sent = await limiter.hit(`verify-mail:${row.id}`, VERIFY_RESEND_SECONDS);
      if (sent.count > 1) {
        throw new AppError('RATE_LIMITED', `We just sent a link. You can ask for another in ${sent.resetSeconds} s.`, {
          retryAfterSeconds: sent.resetSeconds,
        });
      }
      await sendVerification(row);
      return { msg: `We sent a new link to ${row.email}.`, resendSeconds: VERIFY_RESEND_SECONDS };
    },

    /** Waits for emails still being sent in the background (app close, tests). */
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },

    ...passwordUseCases({ ctx, repo, users, hash, later, startSession }),
  };
}

export type AuthService = ReturnType<typeof authService>;
