import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

/** The commissions ledger (this module's one table); members are read through users/queries.ts. */
export function affiliatesRepo(db: Db) {
  const c = schema.commissions;
  return {
    /** Inserts once per invoice; a second credit for the same invoice does nothing. */
    async insertCommission(values: {
      referrerId: string;
      referredUserId: string;
      invoiceId: string;
      amountCents: number;
      status?: string;
    }) {
      const rows = await db.insert(c).values(values).onConflictDoNothing({ target: c.invoiceId }).returning({ id: c.id });
      return rows.length > 0;
    },
    async reverse(invoiceId: string, now: Date) {
      await db
        .update(c)
        .set({ status: 'reversed', reversedAt: now })
        .where(and(eq(c.invoiceId, invoiceId), isNull(c.reversedAt)));
    },
    async commissionsOf(referrerId: string) {
      return db
        .select({
          id: c.id,
          invoiceId: c.invoiceId,
          amountCents: c.amountCents,
          status: c.status,
          createdAt: c.createdAt,
          paidAt: c.paidAt,
          referredUserId: c.referredUserId,
        })
        .from(c)
        .where(eq(c.referrerId, referrerId))
        .orderBy(desc(c.createdAt));
    },
    /** Marks pending commissions paid (all, or the given ids); returns how many. */
    async markPaid(referrerId: string, now: Date, ids?: string[]) {
      const rows = await db
        .update(c)
        .set({ status: 'paid', paidAt: now })
        .where(and(eq(c.referrerId, referrerId), eq(c.status, 'pending'), ids?.length ? inArray(c.id, ids) : sql`true`))
        .returning({ id: c.id });
      return rows.length;
    },
  };
}
