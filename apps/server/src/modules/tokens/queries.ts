import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

const k = schema.apiTokens;

/**
 * Token facts other modules may ask or change (the api_tokens table belongs to tokens): the auth module
 * revokes a member's tokens when a password reset, a password change or "sign out everywhere" ends access
 *. Runs in the caller's `db`, so it can join the caller's transaction.
 */
export function tokenRevocation(db: Db) {
  return {
    /** Revokes every live token of the member; answers how many were live. */
    async revokeAllOf(userId: string, now: Date): Promise<number> {
      const rows = await db
        .update(k)
        .set({ revokedAt: now })
        .where(and(eq(k.userId, userId), isNull(k.revokedAt)))
        .returning({ id: k.id });
      return rows.length;
    },
    /** How many live tokens the member holds. */
    async countLive(userId: string): Promise<number> {
      const rows = await db
        .select({ id: k.id })
        .from(k)
        .where(and(eq(k.userId, userId), isNull(k.revokedAt)));
      return rows.length;
    },
  };
}
