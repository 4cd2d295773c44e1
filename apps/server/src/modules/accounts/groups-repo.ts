import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AccountGroup } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

const g = schema.accountGroups;
const m = schema.accountGroupMembers;
const a = schema.accounts;

/** The member's account groups (the only file that knows their tables). */
export function groupsRepo(db: Db) {
  async function membersOf(groupIds: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>(groupIds.map((id) => [id, []]));
    if (groupIds.length === 0) return out;
    const rows = await db
      .select({ groupId: m.groupId, accountId: m.accountId })
      .from(m)
      .where(inArray(m.groupId, [...groupIds]))
      .orderBy(asc(m.groupId), asc(m.position));
    for (const r of rows) out.get(r.groupId)!.push(r.accountId);
    return out;
  }

  return {
    /** The member's groups, oldest first, each with its accounts in order. */
    async list(userId: string): Promise<AccountGroup[]> {
      const rows = await db
        .select({ id: g.id, name: g.name })
        .from(g)
        .where(eq(g.userId, userId))
        .orderBy(asc(g.createdAt), asc(g.id));
      const members = await membersOf(rows.map((r) => r.id));
      return rows.map((r) => ({ _id: r.id, name: r.name, accountIds: members.get(r.id)! }));
    },
    /** The member's group, or null (someone else's id reads as none). */
    async find(userId: string, id: string): Promise<AccountGroup | null> {
      const [row] = await db
        .select({ id: g.id, name: g.name })
        .from(g)
        .where(and(eq(g.id, id), eq(g.userId, userId)))
        .limit(1);
      if (!row) return null;
      return { _id: row.id, name: row.name, accountIds: (await membersOf([row.id])).get(row.id)! };
    },
    /** The member's group of this name, whatever its case. */
    async findByName(userId: string, name: string): Promise<AccountGroup | null> {
      const [row] = await db
        .select({ id: g.id })
        .from(g)
        .where(and(eq(g.userId, userId), sql`lower(${g.name}) = lower(${name})`))
        .limit(1);
      return row ? this.find(userId, row.id) : null;
    },
    /**
     * Of these ids, the member's own accounts, locked until the transaction ends so that a
     * parallel delete waits and the group never names a deleted account.
     */
    async lockOwnedAccounts(userId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: a.id })
        .from(a)
        .where(and(eq(a.userId, userId), inArray(a.id, [...ids])))
        .for('share');
      return new Set(rows.map((r) => r.id));
    },
    async insert(userId: string, name: string): Promise<string> {
      const [row] = await db.insert(g).values({ userId, name }).returning({ id: g.id });
      return row!.id;
    },
    async rename(id: string, name: string) {
      await db.update(g).set({ name }).where(eq(g.id, id));
    },
    /** Replaces the group's accounts with `accountIds`, in that order. */
    async setMembers(groupId: string, accountIds: readonly string[]) {
      await db.delete(m).where(eq(m.groupId, groupId));
      if (accountIds.length === 0) return;
      await db.insert(m).values(accountIds.map((accountId, position) => ({ groupId, accountId, position })));
    },
    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(g)
        .where(and(eq(g.id, id), eq(g.userId, userId)))
        .returning({ id: g.id });
      return rows.length > 0;
    },
  };
}
export type GroupsRepo = ReturnType<typeof groupsRepo>;

/**
 * Runs `work` in one transaction holding the member's group lock, so that two creates of the same
 * name (a double click, two tabs) run one after the other.
 */
export function inGroupLock<T>(db: Db, userId: string, work: (repo: GroupsRepo) => Promise<T>): Promise<T> {
  return db.transaction(async (t0) => {
    const tx = t0 as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`account-groups:${userId}`}, 0))`);
    return work(groupsRepo(tx));
  });
}
