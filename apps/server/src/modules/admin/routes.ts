import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEditUserRequest,
  adminUserDetail,
  adminUserList,
  adminUsersQuery,
  auditPage,
  auditQuery,
  revokeSessionsRequest,
  revokeSessionsResponse,
} from '@roundup/shared';
import { requireAdmin } from '../../http/auth';
import { answers } from '../../http/openapi';
import type { AdminUsersService } from './service';

/** Checks the admin before the body is validated, so others get 401/403, never a validation hint. */
const adminFirst = async (req: FastifyRequest) => {
  requireAdmin(req);
};

/** Admin user management and the audit log; every route is admin-only. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminUsersService }> = async (app, { admin: service }) => {
  const tags = ['admin'];

  app.get(
    '/api/users',
    {
      schema: { tags, summary: 'Admin: search users', querystring: adminUsersQuery, response: answers(adminUserList) },
      preValidation: adminFirst,
    },
    async (req) => service.list(req.query.q, req.query.page),
  );

  app.get(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary: 'Admin: one user with the audit trail',
        params: z.object({ id: z.string().max(64).toLowerCase() }),
        response: answers(z.object({ user: adminUserDetail })),
      },
      preValidation: adminFirst,
    },
    async (req) => ({
      user: await service.detail(req.params.id),
    }),
  );

  app.post(
    '/api/users/admin-edit',
    {
      schema: {
        tags,
        summary: 'Admin: edit a user',
        body: adminEditUserRequest,
        response: answers(z.object({ user: adminUserDetail })),
      },
      preValidation: adminFirst,
    },
    async (req) => {
      const { user } = requireAdmin(req);
      return { user: await service.edit(user.id, req.body) };
    },
  );

  app.post(
    '/api/users/revoke-sessions',
    {
      schema: {
        tags,
        summary: 'Admin: sign a user out everywhere',
        description:
          'Ends every session of the user and, unless `revokeTokens` is false (it defaults to true), every personal API token. Answers how many of each were ended.',
        body: revokeSessionsRequest,
        response: answers(revokeSessionsResponse),
      },
      preValidation: adminFirst,
    },
    async (req) => {
      const { user } = requireAdmin(req);
      return service.revokeSessions(user.id, req.body.id, { revokeTokens: req.body.revokeTokens });
    },
  );

  // The global audit page: every admin action, filterable by admin, action and day, with paging.
  app.get(
    '/api/admin/audit',
    {
      schema: { tags, summary: 'Admin: the audit log', querystring: auditQuery, response: answers(auditPage) },
      preValidation: adminFirst,
    },
    async (req) => service.searchAudit(req.query),
  );
};
