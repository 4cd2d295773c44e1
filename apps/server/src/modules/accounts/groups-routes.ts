import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountGroupResponse,
  accountGroupsResponse,
  createAccountGroupRequest,
  deleteAccountGroupRequest,
  editAccountGroupRequest,
  idempotencyHeaders,
} from '@roundup/shared';
import { requireUser } from '../../http/auth';
import { answers } from '../../http/openapi';
import type { GroupDeps } from './group-access';
import { createGroup } from './create-group';
import { deleteGroup } from './delete-group';
import { editGroup } from './edit-group';
import { listGroups } from './list-groups';

/** /api/accounts/groups*: named groups of the caller's own accounts, to act on many accounts at once. */
export const accountGroupsRoutes: FastifyPluginAsyncZod<{ groups: GroupDeps }> = async (app, { groups }) => {
  const tags = ['accounts'];
  const me = (req: Parameters<typeof requireUser>[0]) => requireUser(req).user.id;

  app.get(
    '/api/accounts/groups',
    {
      schema: { tags, summary: 'Your account groups, each with its accounts in order', response: answers(accountGroupsResponse) },
    },
    async (req) => ({ groups: await listGroups(groups, { userId: me(req) }) }),
  );

  app.post(
    '/api/accounts/groups',
    {
      schema: {
        tags,
        summary: 'Name a group of your accounts',
        description:
          'Only your own accounts (404 naming the first that is not); the order of `accountIds` is kept. Sending the same group twice answers the first; another group of the same name is a 409.',
        body: createAccountGroupRequest,
        headers: idempotencyHeaders,
        response: answers(accountGroupResponse),
      },
    },
    async (req) => ({ group: await createGroup(groups, { userId: me(req), ...req.body }) }),
  );

  app.post(
    '/api/accounts/groups/edit',
    {
      schema: {
        tags,
        summary: 'Rename a group or replace its accounts',
        body: editAccountGroupRequest,
        headers: idempotencyHeaders,
        response: answers(accountGroupResponse),
      },
    },
    async (req) => ({ group: await editGroup(groups, { userId: me(req), ...req.body }) }),
  );

  app.post(
    '/api/accounts/groups/delete',
    {
      schema: {
        tags,
        summary: 'Delete a group (its accounts stay); answers the groups left',
        body: deleteAccountGroupRequest,
        headers: idempotencyHeaders,
        response: answers(accountGroupsResponse),
      },
    },
    async (req) => {
      const userId = me(req);
      await deleteGroup(groups, { userId, id: req.body.id });
      return { groups: await listGroups(groups, { userId }) };
    },
  );
};
