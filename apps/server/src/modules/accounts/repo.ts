import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Account, AccountType, BrokerOption } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

const a = schema.accounts;
const t = schema.trades;
const b = schema.brokers;

export function accountsRepo(db: Db) {
  return {
    /** The member's accounts in their order, with the number of trades in each. */
    async listMine(userId: string): Promise<Account[]> {
      const rows = await db
        .select({
          id: a.id,
          userId: a.userId,
          brokerId: a.brokerId,
          broker: a.broker,
          type: a.type,
          nickname: a.nickname,
        })
        .from(a)
        .where(eq(a.userId, userId))
        .orderBy(asc(a.position), asc(a.createdAt), asc(a.id));
      const counts = await db
        .select({ accountId: t.accountId, n: count() })
        .from(t)
        .where(eq(t.userId, userId))
        .groupBy(t.accountId);
      const byAccount = new Map(counts.map((c) => [c.accountId, Number(c.n)]));
      return rows.map((r) => ({
        _id: r.id,
        userId: r.userId,
        brokerId: r.brokerId,
        broker: r.broker,
        type: r.type as AccountType,
        nickname: r.nickname,
        tradeCount: byAccount.get(r.id) ?? 0,
      }));
    },
    async ownedIds(userId: string): Promise<string[]> {
      const rows = await db.select({ id: a.id }).from(a).where(eq(a.userId, userId));
      return rows.map((r) => r.id);
    },
    async findOwned(userId: string, id: string) {
      const [row] = await db.select().from(a).where(and(eq(a.id, id), eq(a.userId, userId))).limit(1);
      return row ?? null;
    },
    async broker(id: string) {
      const [row] = await db.select({ id: b.id, name: b.name, disabled: b.disabled }).from(b).where(eq(b.id, id)).limit(1);
      return row ?? null;
    },
    async brokerOptions(): Promise<BrokerOption[]> {
      const rows = await db
        .select({ id: b.id, name: b.name, shareReturnTime: b.shareReturnTime })
        .from(b)
        .where(eq(b.disabled, false))
        .orderBy(asc(b.name));
      return rows.map((r) => ({ _id: r.id, name: r.name, shareReturnTime: r.shareReturnTime }));
    },
    async insert(values: { userId: string; brokerId: string; broker: string; type: string; nickname: string }) {
      // New accounts go to the end of the member's list.
      await db.insert(a).values({
        ...values,
        position: sql`(select coalesce(max(${a.position}) + 1, 0) from ${a} where ${a.userId} = ${values.userId})`,
      });
    },
    async update(userId: string, id: string, values: { brokerId: string; broker: string; type: string; nickname: string }) {
      await db.update(a).set(values).where(and(eq(a.id, id), eq(a.userId, userId)));
    },
    /** Deletes the account; its trades go with it (foreign key cascade). */
    async remove(userId: string, id: string) {
      await db.delete(a).where(and(eq(a.id, id), eq(a.userId, userId)));
    },
    async reorder(userId: string, order: { id: string; position: number }[]) {
      if (order.length === 0) return;
      const cases = sql.join(
        order.map((o) => sql`when ${o.id}::uuid then ${o.position}::int`),
        sql` `,
      );
      await db
        .update(a)
        .set({ position: sql`case ${a.id} ${cases} end` })
        .where(and(eq(a.userId, userId), inArray(a.id, order.map((o) => o.id))));
    },
  };
}
export type AccountsRepo = ReturnType<typeof accountsRepo>;
