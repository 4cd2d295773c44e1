import { AppError, badRequest, conflict } from '../../http/app-error';
import { postgresCode } from '../../http/envelope';
import type { Principal } from '../../http/auth';
import { verifyPassword } from '../../lib/passwords';
import { newToken } from '../../lib/tokens';
import type { UserRow } from '../users/queries';
import { emailChangedEmail, emailChangeRequestedEmail, verificationEmail } from './emails';
import type { PasswordDeps, SessionMeta } from './auth-types';
import { VERIFY_RESEND_SECONDS, VERIFY_TTL_HOURS, BAD_VERIFY_CODE, EMAIL_IN_USE, emailChangeSent, addMinutes } from './rules';

/** Verifying an address, changing it, and asking for a new link (the auth service's email use cases). */
export function emailUseCases({ ctx, repo, users, hash, later, startSession }: PasswordDeps) {
  const { config, mailer, limiter, clock } = ctx;

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
    sendVerification,

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
  };
}
