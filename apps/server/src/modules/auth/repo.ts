import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { memberRecords } from '../users/queries';

export type EmailTokenPurpose = 'verify' | 'reset';

/** The event stream's single-use tickets (decision 006), by hash. */
function eventTickets(db: Db) {
  const e = schema.eventTickets;
  return {
    /** Stores a new event-stream ticket (by hash) and drops the expired ones. */
    async createEventTicket(values: { tokenHash: string; userId: string; sessionId: string; expiresAt: Date }, now: Date) {
      await db.delete(e).where(lt(e.expiresAt, now));
      await db.insert(e).values(values);
    },
    /** Uses up a ticket: its user and session once, then null (also when unknown or expired). */
    async consumeEventTicket(tokenHash: string, now: Date): Promise<{ userId: string; sessionId: string } | null> {
      const [row] = await db
        .delete(e)
        .where(eq(e.tokenHash, tokenHash))
        .returning({ userId: e.userId, sessionId: e.sessionId, expiresAt: e.expiresAt });
      return row && row.expiresAt > now ? { userId: row.userId, sessionId: row.sessionId } : null;
    },
  };
}

export function authRepo(db: Db) {
  const s = schema.sessions;
  const t = schema.emailTokens;
  return {
    ...eventTickets(db),
    async createSession(values: { userId: string; tokenHash: string; expiresAt: Date; userAgent?: string | null }) {
      const [row] = await db.insert(s).values(values).returning({ id: s.id });
      return row;
    },
    /** The live session for a token hash together with its user, who must be enabled (read from the users module). */
    async liveSession(tokenHash: string, now: Date) {
      const [session] = await db
        .select()
        .from(s)
        .where(and(eq(s.tokenHash, tokenHash), isNull(s.revokedAt), gt(s.expiresAt, now)))
        .limit(1);
      if (!session) return undefined;
      const user = await memberRecords(db).byId(session.userId);
      return user && !user.disabled ? { session, user } : undefined;
    },
    /** Whether a session (by id) is still live: not revoked, not expired, its user enabled. */
    async sessionLive(id: string, now: Date): Promise<boolean> {
      const [session] = await db
        .select({ userId: s.userId })
        .from(s)
        .where(and(eq(s.id, id), isNull(s.revokedAt), gt(s.expiresAt, now)))
        .limit(1);
      if (!session) return false;
      const user = await memberRecords(db).byId(session.userId);
      return Boolean(user && !user.disabled);
    },
    async activeSessions(userId: string, now: Date): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(s)
        .where(and(eq(s.userId, userId), isNull(s.revokedAt), gt(s.expiresAt, now)));
      return Number(r?.n ?? 0);
    },
    async touchSession(id: string, now: Date) {
      await db.update(s).set({ lastUsedAt: now }).where(eq(s.id, id));
    },
    async revokeSession(id: string, now: Date) {
      await db
        .update(s)
        .set({ revokedAt: now })
        .where(and(eq(s.id, id), isNull(s.revokedAt)));
    },
    /** Revokes every live session of a user, except `keepId` when given; returns how many. */
    async revokeUserSessions(userId: string, now: Date, keepId?: string) {
      const rows = await db
        .update(s)
        .set({ revokedAt: now })
        .where(and(eq(s.userId, userId), isNull(s.revokedAt), keepId ? ne(s.id, keepId) : sql`true`))
        .returning({ id: s.id });
      return rows.length;
    },
    async createEmailToken(values: {
      userId: string;
      purpose: EmailTokenPurpose;
      tokenHash: string;
      expiresAt: Date;
      email?: string | null;
    }) {
      await db.insert(t).values(values);
    },
    /** Marks a live token used and returns its user id; null when invalid, used or expired. */
    async consumeEmailToken(tokenHash: string, purpose: EmailTokenPurpose, now: Date): Promise<string | null> {
      return (await this.consumeEmailTokenWithAddress(tokenHash, purpose, now))?.userId ?? null;
    },
    /** Like consumeEmailToken, with the address the link was sent to. */
    async consumeEmailTokenWithAddress(
      tokenHash: string,
      purpose: EmailTokenPurpose,
      now: Date,
    ): Promise<{ userId: string; email: string | null } | null> {
      const [row] = await db
        .update(t)
        .set({ usedAt: now })
        .where(and(eq(t.tokenHash, tokenHash), eq(t.purpose, purpose), isNull(t.usedAt), gt(t.expiresAt, now)))
        .returning({ userId: t.userId, email: t.email });
      return row ?? null;
    },
    /** A new reset link replaces the older ones. */
    async expireEmailTokens(userId: string, purpose: EmailTokenPurpose, now: Date) {
      await db
        .update(t)
        .set({ usedAt: now })
        .where(and(eq(t.userId, userId), eq(t.purpose, purpose), isNull(t.usedAt)));
    },
  };
}
