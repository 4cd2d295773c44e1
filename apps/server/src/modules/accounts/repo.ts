import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { avoidsRoundUps, type Account, type AccountType, type BrokerOption } from '@roundup/shared';
import type { UpwardReads } from '../../context';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { brokerFacts } from '../brokers/queries';

const a = schema.accounts;

/** The member's accounts in their order, with the number of trades in each. */
export async function listMine(db: Db, upward: Pick<UpwardReads, 'tradeCountsByAccount'>, userId: string): Promise<Account[]> {
  const rows = await db
    .select({
      id: a.id,
      userId: a.userId,
      brokerId: a.brokerId,
      broker: a.broker,
      type: a.type,
      nickname: a.nickname,
      active: a.active,
    })
    .from(a)
    .where(eq(a.userId, userId))
    .orderBy(asc(a.position), asc(a.createdAt), asc(a.id));
  const [byAccount, rules] = await Promise.all([
    upward.tradeCountsByAccount(db, userId),
    brokerFacts(db).rules(rows.flatMap((r) => (r.brokerId ? [r.brokerId] : []))),
  ]);
  return rows.map((r) => ({
    _id: r.id,
    userId: r.userId,
    brokerId: r.brokerId,
    broker: r.broker,
    type: r.type as AccountType,
    nickname: r.nickname,
    tradeCount: byAccount.get(r.id) ?? 0,
    active: r.active,
    brokerRules: (r.brokerId && rules.get(r.brokerId)) || null,
  }));
}

/**
 * Adds the accounts at the end of the member's list, in order, in one transaction; a nickname
 * the member already has with the same broker and type (a double click, a second tab) is not
 * added again. A member's adds queue on a per-member lock, so each takes the next position;
 * the unique constraint accounts_user_position_uq (migration 0010) guards it.
 */
export async function insertMany(
  db: Db,
  values: { userId: string; brokerId: string; broker: string; type: string },
  nicknames: readonly string[],
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`accounts:${values.userId}`}, 0))`);
    const same = await tx
      .select({ nickname: a.nickname })
      .from(a)
      .where(
        and(
          eq(a.userId, values.userId),
          eq(a.brokerId, values.brokerId),
          eq(a.type, values.type),
          inArray(a.nickname, [...nicknames]),
        ),
      );
    const exists = new Set(same.map((r) => r.nickname));
    const fresh = nicknames.filter((n) => !exists.has(n));
    for (const nickname of fresh) {
      await tx.insert(a).values({
        ...values,
        nickname,
        position: sql`(select coalesce(max(${a.position}) + 1, 0) from ${a} where ${a.userId} = ${values.userId})`,
      });
    }
    return fresh.length;
  });
}

/** Sets the positions of the member's accounts (one UPDATE). */
export async function reorderAccounts(db: Db, userId: string, order: { id: string; position: number }[]) {
  if (order.length === 0) return;
  const cases = sql.join(
    order.map((o) => sql`when ${o.id}::uuid then ${o.position}::int`),
    sql` `,
  );
  await db
    .update(a)
    .set({ position: sql`case ${a.id} ${cases} end` })
    .where(
      and(
        eq(a.userId, userId),
        inArray(
          a.id,
          order.map((o) => o.id),
        ),
      ),
    );
}

export function accountsRepo(db: Db, upward: Pick<UpwardReads, 'tradeCountsByAccount'>) {
  return {
    /** The member's accounts in their order, with the number of trades in each. */
    listMine: (userId: string) => listMine(db, upward, userId),
    /** See insertMany. */
    insertMany: (values: { userId: string; brokerId: string; broker: string; type: string }, nicknames: readonly string[]) =>
      insertMany(db, values, nicknames),
    /** Of these ids, the member's own accounts with their labels (no trade counts: one indexed read). */
    async ownedLabels(userId: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: a.id, nickname: a.nickname, broker: a.broker, active: a.active })
        .from(a)
        .where(and(eq(a.userId, userId), inArray(a.id, [...ids])));
    },
    /** How many of the member's accounts are active. */
    async activeCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(a)
        .where(and(eq(a.userId, userId), eq(a.active, true)));
      return Number(row?.n ?? 0);
    },
    /** The member's active accounts at brokers that block or do not honour round-ups (broker-rules `avoidsRoundUps`). */
    async activeAvoidIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: a.id, brokerId: a.brokerId })
        .from(a)
        .where(and(eq(a.userId, userId), eq(a.active, true)));
      const rules = await brokerFacts(db).rules(rows.flatMap((r) => (r.brokerId ? [r.brokerId] : [])));
      return rows.filter((r) => r.brokerId && avoidsRoundUps(rules.get(r.brokerId)?.roundUpStatus)).map((r) => r.id);
    },
    async ownedIds(userId: string): Promise<string[]> {
      const rows = await db.select({ id: a.id }).from(a).where(eq(a.userId, userId));
      return rows.map((r) => r.id);
    },
    async findOwned(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(a)
        .where(and(eq(a.id, id), eq(a.userId, userId)))
        .limit(1);
      return row ?? null;
    },
    /** A broker by id (the brokers module's read). */
    broker: (id: string) => brokerFacts(db).byId(id),
    brokerOptions: (): Promise<BrokerOption[]> => brokerFacts(db).options(),
    /** One account (see insertMany). */
    async insert(values: { userId: string; brokerId: string; broker: string; type: string; nickname: string }) {
      const { nickname, ...rest } = values;
      return (await insertMany(db, rest, [nickname])) === 1 ? 'added' : 'exists';
    },
    async update(
      userId: string,
      id: string,
      values: { brokerId: string; broker: string; type: string; nickname: string; active?: boolean },
    ) {
      await db
        .update(a)
        .set(values)
        .where(and(eq(a.id, id), eq(a.userId, userId)));
    },
    /** Deletes the account; its trades go with it (foreign key cascade). */
    async remove(userId: string, id: string) {
      await db.delete(a).where(and(eq(a.id, id), eq(a.userId, userId)));
    },
    reorder: (userId: string, order: { id: string; position: number }[]) => reorderAccounts(db, userId, order),
  };
}
export type AccountsRepo = ReturnType<typeof accountsRepo>;
