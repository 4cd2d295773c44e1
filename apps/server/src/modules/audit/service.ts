import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditPage, type AuditQuery } from '@roundup/shared';
import type { Db } from '../../db/client';
import { memberRecords } from '../users/queries';
import { auditRepo, toEntry, type AuditRow } from './repo';

/** The audit log: who did what to which object, written in the same transaction as the change. */

export interface AuditInput {
  /** The admin who acted (null for system actions). */
  actorId: string | null;
  /** What happened, `<domain>.<verb>`, e.g. `broker.add`, `user.edit`, `split.delete`. */
  action: string;
  /** What kind of object it touched: `broker`, `faq`, `user`, `split`, `comm`, … */
  targetType: string;
  targetId?: string | null;
  /** A small JSON object: changed fields, names — never passwords or tokens. */
  details?: Record<string, unknown> | null;
}

/**
 * Records one admin write in the audit log (who, what, when). Call it with the same
 * `db` (or transaction) that made the change, so both commit or roll back together:
 *   await recordAudit(ctx.database.db, { actorId: principal.user.id, action: 'split.add', targetType: 'split', targetId: id });
 */
export async function recordAudit(db: Db, input: AuditInput): Promise<void> {
  await auditRepo(db).insert({
    actorId: input.actorId,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId ?? null,
    details: input.details ?? null,
  });
}

/** Entries with their actors' usernames (read from the users module). */
async function entries(db: Db, rows: AuditRow[]): Promise<AuditEntry[]> {
  const names = await memberRecords(db).usernames(rows.map((r) => r.actorId));
  return rows.map((r) => toEntry(r, (r.actorId && names.get(r.actorId)) || null));
}

/** The latest entries about one object (e.g. a user's page). */
export async function auditFor(db: Db, targetType: string, targetId: string, limit = 100): Promise<AuditEntry[]> {
  return entries(db, await auditRepo(db).forTarget(targetType, targetId, limit));
}

/** The latest entries overall. */
export async function latestAudit(db: Db, limit = 100): Promise<AuditEntry[]> {
  return entries(db, await auditRepo(db).latest(limit));
}

/** GET /api/admin/audit: every admin action, filtered by admin, action and New York days, one page at a time. */
export async function searchAudit(db: Db, q: AuditQuery): Promise<AuditPage> {
  const repo = auditRepo(db);
  const page = q.page ?? 1;
  const pageSize = q.limit ?? AUDIT_PAGE_SIZE;
  const [found, facets] = await Promise.all([
    repo.search({
      actorId: q.admin,
      action: q.action,
      fromDay: q.from,
      toDay: q.to,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    }),
    repo.facets(),
  ]);
  const names = await memberRecords(db).usernames(facets.actorIds);
  const admins = facets.actorIds
    .map((id) => ({ _id: id, username: names.get(id) ?? null }))
    .sort((x, y) => (x.username ?? '\uffff').localeCompare(y.username ?? '\uffff'));
  return { audit: await entries(db, found.rows), page, pageSize, total: found.total, admins, actions: facets.actions };
}

/** Lists which fields differ between two objects, as { field: { from, to } } (values truncated). */
export function diffFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key];
    if (to === undefined || JSON.stringify(from) === JSON.stringify(to)) continue;
    out[key] = { from: short(from), to: short(to) };
  }
  return out;
}

function short(v: unknown): unknown {
  return typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}…` : v;
}
