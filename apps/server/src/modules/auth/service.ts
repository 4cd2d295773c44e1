import type { PublicUser } from '@roundup/shared';
import type { AppContext } from '../../context';
import type { Principal } from '../../http/auth';
import { singleFlight } from '../../lib/single-flight';
import { hashToken, newToken } from '../../lib/tokens';
import { memberRecords, toPublicUser, type UserRow } from '../users/queries';
import { emailUseCases } from './email-use-cases';
import { passwordUseCases } from './passwords';
import type { SessionMeta } from './auth-types';
import { authRepo } from './repo';
import { SESSION_DAYS, addMinutes } from './rules';
import { signInUseCases } from './sign-in';

export function authService(ctx: AppContext) {
  const { database, config, clock, log } = ctx;
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

  const deps = { ctx, repo, users, hash, later, startSession };
  const emails = emailUseCases(deps);

  return {
    publicUser,

    async resolveSession(token: string): Promise<Principal | null> {
      const now = clock();
      const tokenHash = hash(token);
      const cached = ctx.sessions.get(tokenHash, now.getTime());
      if (cached) return cached;
      // A member's requests in flight when the cached entry ends share one lookup; a sign-out or
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

    /** Waits for emails still being sent in the background (app close, tests). */
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },

    ...signInUseCases(deps, emails.sendVerification),
    ...passwordUseCases(deps),
    ...emails,
  };
}

export type AuthService = ReturnType<typeof authService>;
