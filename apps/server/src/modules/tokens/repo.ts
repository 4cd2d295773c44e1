import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TokenScope } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

const k = schema.apiTokens;
export type TokenRow = typeof k.$inferSelect;

export function tokensRepo(db: Db) {
  return {
    /** The member's live tokens, newest first. */
    async listMine(userId: string): Promise<TokenRow[]> {
      return db
        .select()
        .from(k)
        .where(and(eq(k.userId, userId), isNull(k.revokedAt)))
        .orderBy(desc(k.createdAt));
    },
    /**
     * Adds a token unless the member already holds `max` live ones (counted under a per-member
     * lock, so two tabs cannot both pass); null when at the limit.
     */
    async insert(values: { userId: string; name: string; tokenHash: string; prefix: string; scopes: TokenScope[] }, max: number) {
      return db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`api-tokens:${values.userId}`}, 0))`);
        const [{ n }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(k)
          .where(and(eq(k.userId, values.userId), isNull(k.revokedAt)));
        if (Number(n) >= max) return null;
        const [row] = await tx.insert(k).values(values).returning();
        return row;
      });
    },
    /** One statement, in a transaction all the same: a retry with its Idempotency-Key knows whether it committed. */
    async revoke(userId: string, id: string, now: Date): Promise<boolean> {
      const rows = await db.transaction((tx) =>
        tx
          .update(k)
          .set({ revokedAt: now })
          .where(and(eq(k.id, id), eq(k.userId, userId), isNull(k.revokedAt)))
          .returning({ id: k.id }),
      );
      return rows.length > 0;
    },
    async live(tokenHash: string): Promise<TokenRow | null> {
      const [row] = await db
        .select()
        .from(k)
        .where(and(eq(k.tokenHash, tokenHash), isNull(k.revokedAt)))
        .limit(1);
      return row ?? null;
    },
    async touch(id: string, now: Date) {
      await db.update(k).set({ lastUsedAt: now }).where(eq(k.id, id));
    },
  };
}
