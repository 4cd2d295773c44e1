import {
  ADMIN_USERS_PAGE_SIZE,
  normalizeRole,
  type AdminEditUserRequest,
  type AdminUserDetail,
  type AdminUserList,
  type AdminUserSummary,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
} from '@roundup/shared';
import type { AppContext } from '../../context';
import { AppError, conflict, notFound } from '../../http/app-error';
import type { AuthService } from '../auth/service';
import { auditFor, diffFields, latestAudit, recordAudit, searchAudit } from '../audit/service';
import { memberRecords, type AdminEditable, type UserRow } from '../users/queries';
import { sessionChecks } from '../auth/queries';
import { isUuid } from '../../lib/ids';
import { adminEditRefusal, grantedRoleAfterAdminEdit } from './rules';

function toSummary(r: UserRow): AdminUserSummary {
  return {
    _id: r.id,
    id: r.id,
    username: r.username,
    email: r.email,
    role: normalizeRole(r.role) ?? r.role,
    subscriptionTier: r.subscriptionTier,
    createdDate: r.createdDate.toISOString(),
    last_login_date: r.lastLoginDate ? r.lastLoginDate.toISOString() : null,
    disabled: r.disabled,
  };
}

/** What an admin's edit writes, and what it changes (for the audit log). */
function editOf(row: UserRow, change: Omit<AdminEditUserRequest, 'id'>) {
  const values: Partial<Pick<UserRow, AdminEditable>> = {};
  if (change.role !== undefined) values.role = change.role;
  // Only a change of role grants (the form sends the role with every save; re-sending a
  // paying member's Pro must not make it permanent).
  if (change.role !== undefined && change.role !== row.role) values.grantedRole = grantedRoleAfterAdminEdit(change.role);
  if (change.email !== undefined && change.email !== row.email) values.email = change.email;
  if (change.phone !== undefined) values.phone = change.phone?.trim() || null;
  if (change.email_validated !== undefined) values.emailValidated = change.email_validated;
  if (change.phone_validated !== undefined) values.phoneValidated = change.phone_validated;
  if (change.disabled !== undefined) values.disabled = change.disabled;

  const before = {
    role: normalizeRole(row.role) ?? row.role,
    email: row.email,
    phone: row.phone,
    email_validated: row.emailValidated,
    phone_validated: row.phoneValidated,
    disabled: row.disabled,
  };
  const after = {
    role: values.role,
    email: values.email,
    phone: values.phone,
    email_validated: values.emailValidated,
    phone_validated: values.phoneValidated,
    disabled: values.disabled,
  };
  const changes = diffFields(before, after);
  return { values, changes };
}

/** The admin's user management (product.md#screens Admin screens; the privacy policy lets admins see and edit user info). */
export function adminUsersService(ctx: AppContext, auth: Pick<AuthService, 'revokeAllSessions'>) {
  const db = ctx.database.db;
  // Admin user management owns no table: it reads and edits members through users/queries.ts.
  const repo = memberRecords(db);
  const sessions = sessionChecks(db);

  async function detail(id: string): Promise<AdminUserDetail> {
    const row = isUuid(id) ? await repo.byId(id) : undefined;
    if (!row) throw notFound('User not found');
    const [referrer, activeSessions, audit] = await Promise.all([
      repo.username(row.referrerId),
      sessions.activeCount(row.id, ctx.clock()),
      auditFor(db, 'user', row.id),
    ]);
    return {
      ...toSummary(row),
      phone: row.phone,
      phone_validated: row.phoneValidated,
      email_validated: row.emailValidated,
      referrer,
      memberSince: row.memberSince ? row.memberSince.toISOString() : null,
      grantedRole: row.grantedRole,
      activeSessions,
      audit,
    };
  }

  return {
    async list(q: string | undefined, page = 1): Promise<AdminUserList> {
      const term = q?.trim() || undefined;
      const pageSize = ADMIN_USERS_PAGE_SIZE;
      const [rows, total, matched] = await Promise.all([
        repo.search(term, pageSize, (page - 1) * pageSize),
        repo.count(),
        term ? repo.count(term) : null,
      ]);
      return { users: rows.map(toSummary), total, matched: matched ?? total, page, pageSize };
    },

    detail,

    async edit(actorId: string, input: AdminEditUserRequest): Promise<AdminUserDetail> {
      const { id, ...change } = input;
      const row = isUuid(id) ? await repo.byId(id) : undefined;
      if (!row) throw notFound('User not found');
      const refusal = adminEditRefusal(actorId, row.id, change);
      if (refusal) throw new AppError('FORBIDDEN', refusal);

      if (change.email !== undefined && change.email !== row.email) {
        const other = await repo.byEmail(change.email);
        if (other && other.id !== row.id) throw conflict('An account with that email already exists.');
      }
      const { values, changes } = editOf(row, change);
      if (Object.keys(changes).length === 0) return detail(row.id);

      await db.transaction(async (tx) => {
        await memberRecords(tx).adminUpdate(row.id, values);
        await recordAudit(tx, {
          actorId,
          action: 'user.edit',
          targetType: 'user',
          targetId: row.id,
          details: { username: row.username, changes },
        });
      });
      // A disabled user loses every session and personal API token (product.md#api-contract): enabling the
      // account again must not bring back a token that may have leaked with it. A new role applies to the
      // next request.
      if (values.disabled === true && !row.disabled) await auth.revokeAllSessions(row.id, { revokeTokens: true });
      ctx.sessions.invalidateUser(row.id);
      return detail(row.id);
    },

    /** "Sign out everywhere": every session, and the personal API tokens unless `revokeTokens` is false. */
    async revokeSessions(
      actorId: string,
      id: string,
      opts: { revokeTokens?: boolean } = {},
    ): Promise<{ revoked: number; revokedTokens: number }> {
      const row = isUuid(id) ? await repo.byId(id) : undefined;
      if (!row) throw notFound('User not found');
      const { sessions: revoked, tokens: revokedTokens } = await auth.revokeAllSessions(row.id, opts);
      await recordAudit(db, {
        actorId,
        action: 'user.revoke-sessions',
        targetType: 'user',
        targetId: row.id,
        details: { username: row.username, revoked, revokedTokens },
      });
      return { revoked, revokedTokens };
    },

    latestAudit: (limit = 100): Promise<AuditEntry[]> => latestAudit(db, limit),
    searchAudit: (q: AuditQuery): Promise<AuditPage> => searchAudit(db, q),
  };
}
export type AdminUsersService = ReturnType<typeof adminUsersService>;
