import { z } from 'zod';
import { uuidId } from './input';
import { emailSchema } from './auth';
import { isIsoDate } from './dates';
import { ROLES } from './permissions';
import { revokeTokensField } from './users';

/** POST /api/users/admin-edit: what an admin may change on a user (privacy policy: admins can edit user info). */
export const adminEditUserRequest = z.object({
  id: z.string({ error: 'id is required' }).trim().toLowerCase().min(1, 'id is required').max(64),
  role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` }).optional(),
  email: emailSchema.optional(),
  phone: z.string().trim().max(32, 'Phone must be at most 32 characters').nullish(),
  email_validated: z.boolean().optional(),
  phone_validated: z.boolean().optional(),
  disabled: z.boolean().optional(),
});
export type AdminEditUserRequest = z.infer<typeof adminEditUserRequest>;

export const revokeSessionsRequest = z.object({
  id: z.string({ error: 'id is required' }).trim().toLowerCase().min(1, 'id is required').max(64),
  revokeTokens: revokeTokensField,
});
/** POST /api/users/revoke-sessions: how many sessions and personal API tokens were ended. */
export const revokeSessionsResponse = z.object({ revoked: z.number().int(), revokedTokens: z.number().int() });

/** GET /api/users: a search (username or email) and a 1-based page of ADMIN_USERS_PAGE_SIZE users, newest first. */
export const ADMIN_USERS_PAGE_SIZE = 50;
export const adminUsersQuery = z.object({
  q: z.string().max(100, 'Search must be at most 100 characters').optional(),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(1_000_000, 'Page is out of range')
    .optional(),
});

/** One row of the admin users list (GET /api/users). */
export const adminUserSummary = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  subscriptionTier: z.string(),
  createdDate: z.string(),
  last_login_date: z.string().nullable(),
  disabled: z.boolean(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummary>;

export const adminUserList = z.object({
  users: z.array(adminUserSummary),
  /** All users. */
  total: z.number().int(),
  /** Users matching the search (all users without one). */
  matched: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserList>;

/** An audit-log entry (who, what, when). */
export const auditEntry = z.object({
  _id: z.string(),
  actorId: z.string().nullable(),
  actorUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdDate: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** GET /api/users/:id adds everything an admin may see and edit, with the audit trail. */
export const adminUserDetail = adminUserSummary.extend({
  phone: z.string().nullable(),
  phone_validated: z.boolean(),
  email_validated: z.boolean(),
  referrer: z.string().nullable(),
  memberSince: z.string().nullable(),
  /** A role an admin gave by hand (Member or Pro); billing never lowers the user below it. */
  grantedRole: z.string().nullable(),
  activeSessions: z.number().int(),
  audit: z.array(auditEntry),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

/** GET /api/admin/audit: filters (all optional) and paging; days are New York calendar days, inclusive. */
export const AUDIT_PAGE_SIZE = 50;
export const auditQuery = z
  .object({
    admin: uuidId('Admin must be an admin id').optional(),
    action: z
      .string()
      .max(64, 'Action must be at most 64 characters')
      .regex(/^[a-z][a-z-]*\.[a-z][a-z-]*$/, 'Action must look like broker.add')
      .optional(),
    from: z.string().refine(isIsoDate, { message: 'From must be a date written YYYY-MM-DD' }).optional(),
    to: z.string().refine(isIsoDate, { message: 'To must be a date written YYYY-MM-DD' }).optional(),
    page: z.coerce
      .number({ error: 'Page must be a number' })
      .int('Page must be a whole number')
      .min(1, 'Page must be 1 or more')
      .max(100_000, 'Page is out of range')
      .optional(),
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be 1 or more')
      .max(200, 'Limit must be at most 200')
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must be on or before To', path: ['from'] });
export type AuditQuery = z.infer<typeof auditQuery>;

/** GET /api/admin/audit: one page of entries (newest first), the total, and the choices for the filters. */
export const auditPage = z.object({
  audit: z.array(auditEntry),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Everyone who has an entry (for the admin filter). */
  admins: z.array(z.object({ _id: z.string(), username: z.string().nullable() })),
  /** Every action recorded so far (for the action filter). */
  actions: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPage>;

/** POST /api/pageviews: the path only (no query, no personal data). */
export const PAGE_PATH_MAX = 200;
export const pageViewRequest = z.object({
  path: z
    .string({ error: 'path is required' })
    .trim()
    .min(1, 'path is required')
    .max(PAGE_PATH_MAX, `path must be at most ${PAGE_PATH_MAX} characters`)
    .refine((p) => p.startsWith('/') && !p.startsWith('//'), { message: 'path must start with /' }),
});

/** GET /api/pageviews/summary: views per page per New York day. */
export const pageViewSummary = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ day: z.string(), path: z.string(), views: z.number().int() })),
  totals: z.array(z.object({ path: z.string(), views: z.number().int() })),
  total: z.number().int(),
});
export type PageViewSummary = z.infer<typeof pageViewSummary>;

/** GET /api/config: public client configuration. */
export const publicConfig = z.object({ gaMeasurementId: z.string().nullable() });
export type PublicConfig = z.infer<typeof publicConfig>;
