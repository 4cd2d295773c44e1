import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

/** Phone validation codes (product.md#states): `phone_codes`, and the member's row once a code is used. */
export function phoneCodesRepo(db: Db) {
  const u = schema.users;
  return {
    async codesSince(userId: string, since: Date) {
      const c = schema.phoneCodes;
      return db
        .select({ createdAt: c.createdAt })
        .from(c)
        .where(and(eq(c.userId, userId), gt(c.createdAt, since)));
    },
    async countCodesToPhoneSince(phone: string, since: Date): Promise<number> {
      const c = schema.phoneCodes;
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(c)
        .where(and(eq(c.phone, phone), gt(c.createdAt, since)));
      return Number(r?.n ?? 0);
    },
    async latestCode(userId: string) {
      const c = schema.phoneCodes;
      const [row] = await db.select().from(c).where(eq(c.userId, userId)).orderBy(desc(c.createdAt)).limit(1);
      return row;
    },
    /** A new code replaces the old ones (they can no longer be used). */
    async replaceCode(values: {
      userId: string;
      phone: string;
      codeHash: string;
      createdAt: Date;
      expiresAt: Date;
      ip: string | null;
    }) {
      const c = schema.phoneCodes;
      await db.transaction(async (tx) => {
        await tx
          .update(c)
          .set({ usedAt: values.createdAt })
          .where(and(eq(c.userId, values.userId), isNull(c.usedAt)));
        await tx.insert(c).values(values);
      });
    },
    async addCodeAttempt(id: string): Promise<number> {
      const c = schema.phoneCodes;
      const [row] = await db
        .update(c)
        .set({ attempts: sql`${c.attempts} + 1` })
        .where(eq(c.id, id))
        .returning({ attempts: c.attempts });
      return row?.attempts ?? 0;
    },
    /** Uses the code and marks the phone validated, if it is still the number the code was sent to. */
    async consumeCode(id: string, userId: string, phone: string, now: Date): Promise<boolean> {
      const c = schema.phoneCodes;
      return db.transaction(async (tx) => {
        const used = await tx
          .update(c)
          .set({ usedAt: now })
          .where(and(eq(c.id, id), isNull(c.usedAt)))
          .returning({ id: c.id });
        if (used.length === 0) return false;
        const done = await tx
          .update(u)
          .set({ phoneValidated: true })
          .where(and(eq(u.id, userId), eq(u.phone, phone)))
          .returning({ id: u.id });
        return done.length > 0;
      });
    },
  };
}
