import { z } from 'zod';
import { emailSchema } from './auth';
import { isIsoDate } from './dates';
import { ROLES } from './permissions';

/** POST /api/users/admin-edit: what an admin may change on a user (privacy policy: admins can edit user info). */
export const adminEditUserRequest = z.object({
  id: z.string({ error: 'id is required' }).trim().min(1, 'id is required').max(64),
  role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` }).optional(),
  email: emailSchema.optional(),
  phone: z.string().trim().max(32, 'Phone must be at most 32 characters').nullish(),
  email_validated: z.boolean().optional(),
  phone_validated: z.boolean().optional(),
  disabled: z.boolean().optional(),
});
export type AdminEditUserRequest = z.infer<typeof adminEditUserRequest>;

export const revokeSessionsRequest = z.object({
  id: z.string({ error: 'id is required' }).trim().min(1, 'id is required').max(64),
});

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

export interface AdminUserList {
  users: AdminUserSummary[];
  /** All users. */
  total: number;
  /** Users matching the search (all users without one). */
  matched: number;
  page: number;
  pageSize: number;
}

/** One row of the admin users list (GET /api/users). */
export interface AdminUserSummary {
  _id: string;
  id: string;
  username: string;
  email: string;
  role: string;
  subscriptionTier: string;
  createdDate: string;
  last_login_date: string | null;
  disabled: boolean;
}

/** GET /api/users/:id adds everything an admin may see and edit, with the audit trail. */
export interface AdminUserDetail extends AdminUserSummary {
  phone: string | null;
  phone_validated: boolean;
  email_validated: boolean;
  referrer: string | null;
  memberSince: string | null;
  /** A role an admin gave by hand (Member or Pro); billing never lowers the user below it. */
  grantedRole: string | null;
  activeSessions: number;
  audit: AuditEntry[];
}

/** An audit-log entry (who, what, when). */
export interface AuditEntry {
  _id: string;
  actorId: string | null;
  actorUsername: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown> | null;
  createdDate: string;
}

/** GET /api/admin/audit: filters (all optional) and paging; days are New York calendar days, inclusive. */
export const AUDIT_PAGE_SIZE = 50;
export const auditQuery = z
  .object({
    admin: z.uuid({ error: 'Admin must be an admin id' }).optional(),
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
export interface AuditPage {
  audit: AuditEntry[];
  page: number;
  pageSize: number;
  total: number;
  /** Everyone who has an entry (for the admin filter). */
  admins: { _id: string; username: string | null }[];
  /** Every action recorded so far (for the action filter). */
  actions: string[];
}

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
export interface PageViewSummary {
  from: string;
  to: string;
  days: { day: string; path: string; views: number }[];
  totals: { path: string; views: number }[];
  total: number;
}

/** GET /api/config: public client configuration. */
export interface PublicConfig {
  gaMeasurementId: string | null;
}
