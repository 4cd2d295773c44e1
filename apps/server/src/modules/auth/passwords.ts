import type { Db } from '../../db/client';
import { badRequest } from '../../http/app-error';
import type { Principal } from '../../http/auth';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { newToken } from '../../lib/tokens';
import { tokenRevocation } from '../tokens/queries';
import { memberRecords, type UserRow } from '../users/queries';
import { passwordChangedEmail, passwordResetEmail } from './emails';
import { authRepo } from './repo';
import {
  RESET_EMAIL_WINDOW_SECONDS,
  RESET_EMAILS_PER_ACCOUNT,
  RESET_SENT,
  RESET_TTL_MINUTES,
  BAD_RESET_CODE,
  addMinutes,
} from './rules';
import type { PasswordDeps, Revoked, SessionMeta } from './auth-types';

/**
 * Ends every session of a member and, unless `revokeTokens` is false, every personal API token, in the
 * caller's transaction (a reset, a password change, "sign out everywhere").
 */
export async function endAccess(tx: Db, userId: string, now: Date, revokeTokens: boolean): Promise<Revoked> {
  const sessions = await authRepo(tx).revokeUserSessions(userId, now);
  const tokens = revokeTokens ? await tokenRevocation(tx).revokeAllOf(userId, now) : 0;
  const tokensKept = revokeTokens ? 0 : await tokenRevocation(tx).countLive(userId);
  return { sessions, tokens, tokensKept };
}

/** Password reset by email, password change and "sign out everywhere". */
export function passwordUseCases({ ctx, repo, users, hash, later, startSession }: PasswordDeps) {
  const { database, config, mailer, limiter, clock } = ctx;
  const tellMember = (row: UserRow, revoked: Revoked) =>
    later(() => mailer.send(passwordChangedEmail(row, revoked, config.appUrl)).then(() => undefined));

  return {
    async requestPasswordReset(email: string): Promise<{ msg: string }> {
      const row = await users.byEmail(email);
      const sent = await limiter.hit(`reset-mail:${email.toLowerCase()}`, RESET_EMAIL_WINDOW_SECONDS);
      if (row && !row.disabled && sent.count <= RESET_EMAILS_PER_ACCOUNT) {
        // The link is made and sent after the answer, so known and unknown addresses answer alike and as fast.
        const now = clock();
        later(async () => {
          const code = newToken();
          await repo.expireEmailTokens(row.id, 'reset', now);
          await repo.createEmailToken({
            userId: row.id,
            purpose: 'reset',
            tokenHash: hash(code),
            expiresAt: addMinutes(now, RESET_TTL_MINUTES),
          });
          await mailer.send(passwordResetEmail(row, `${config.appUrl}/reset-password/${code}`));
        });
      }
      return { msg: RESET_SENT };
    },

    async resetPassword(code: string, password: string) {
      const passwordHash = await hashPassword(password, config.passwordCost);
      const now = clock();
      const { userId, row, revoked } = await database.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const id = await authRepo(tx).consumeEmailToken(hash(code), 'reset', now);
        if (!id) throw badRequest(BAD_RESET_CODE);
        const row = await memberRecords(tx).setPasswordHash(id, passwordHash);
        // A reset means the account may have been taken over: every session and every API token ends.
        return { userId: id, row, revoked: await endAccess(tx, id, now, true) };
      });
      ctx.sessions.invalidateUser(userId);
      if (row) tellMember(row, revoked);
      // Whoever can read the mailbox has proved it is theirs: the failed sign-in lock ends with the reset.
      if (row?.email) await limiter.reset(`login-fail:${row.email.trim().toLowerCase()}`);
      return { msg: 'Your password has been changed. Please sign in.' };
    },

    /**
     * Every session ends, this one too (the tab that changed the password gets a fresh token); the
     * personal API tokens too unless `revokeTokens` is false. The member is emailed what was revoked.
     */
    async changePassword(
      principal: Principal,
      currentPassword: string,
      newPassword: string,
      meta: SessionMeta = {},
      opts: { revokeTokens?: boolean } = {},
    ) {
      const row = await users.byId(principal.user.id);
      if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) {
        throw badRequest('Your current password is not correct.');
      }
      if (currentPassword === newPassword) throw badRequest('The new password must differ from the current one.');
      const passwordHash = await hashPassword(newPassword, config.passwordCost);
      const now = clock();
      const { updated, revoked } = await database.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const updated = await memberRecords(tx).setPasswordHash(row.id, passwordHash);
        return { updated, revoked: await endAccess(tx, row.id, now, opts.revokeTokens ?? true) };
      });
      ctx.sessions.invalidateUser(row.id);
      const member = updated ?? row;
      tellMember(member, revoked);
      return startSession(member, meta);
    },

    /**
     * "Sign out everywhere": ends every session of the member and, unless `revokeTokens` is false, every
     * personal API token. Answers how many of each were ended.
     */
    async revokeAllSessions(userId: string, opts: { revokeTokens?: boolean } = {}) {
      const now = clock();
      const { sessions, tokens } = await database.db.transaction((t) =>
        endAccess(t as unknown as Db, userId, now, opts.revokeTokens ?? true),
      );
      ctx.sessions.invalidateUser(userId);
      return { sessions, tokens };
    },
  };
}
