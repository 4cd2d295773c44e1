import { and, desc, eq, sql } from 'drizzle-orm';
import type { AuditEntry } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

const a = schema.auditLog;

export type AuditRow = {
  id: string;
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details: unknown;
  createdAt: Date;
};

/** An entry as the API shows it; the actor's username comes from the users module. */
export function toEntry(r: AuditRow, actorUsername: string | null): AuditEntry {
  return {
    _id: r.id,
    actorId: r.actorId,
    actorUsername,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    details: (r.details as Record<string, unknown> | null) ?? null,
    createdDate: r.createdAt.toISOString(),
  };
}

export function auditRepo(db: Db) {
  const select = () =>
    db
      .select({
        id: a.id,
        actorId: a.actorId,
        action: a.action,
        targetType: a.targetType,
        targetId: a.targetId,
        details: a.details,
        createdAt: a.createdAt,
      })
      .from(a);
  return {
    async insert(values: typeof a.$inferInsert) {
      await db.insert(a).values(values);
    },
    async forTarget(targetType: string, targetId: string, limit: number) {
      return select()
        .where(and(eq(a.targetType, targetType), eq(a.targetId, targetId)))
        .orderBy(desc(a.createdAt), desc(a.id))
        .limit(limit);
    },
    async latest(limit: number) {
      return select().orderBy(desc(a.createdAt), desc(a.id)).limit(limit);
    },
    /** One page of entries matching the filters (newest first) and how many match in all. Days are New York days. */
    async search(f: { actorId?: string; action?: string; fromDay?: string; toDay?: string; limit: number; offset: number }) {
      const where = and(
        f.actorId ? eq(a.actorId, f.actorId) : undefined,
        f.action ? eq(a.action, f.action) : undefined,
        f.fromDay ? sql`${a.createdAt} >= (${f.fromDay}::date)::timestamp at time zone 'America/New_York'` : undefined,
        f.toDay ? sql`${a.createdAt} < (${f.toDay}::date + 1)::timestamp at time zone 'America/New_York'` : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        select().where(where).orderBy(desc(a.createdAt), desc(a.id)).limit(f.limit).offset(f.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(a)
          .where(where),
      ]);
      return { rows, total: Number(total) };
    },
    /** Which admins appear in the log and which actions, for the filters. */
    async facets() {
      const [actors, actions] = await Promise.all([
        db
          .selectDistinct({ id: a.actorId })
          .from(a)
          .where(sql`${a.actorId} is not null`),
        db.selectDistinct({ action: a.action }).from(a).orderBy(a.action),
      ]);
      return { actorIds: actors.map((r) => r.id as string), actions: actions.map((r) => r.action) };
    },
  };
}
