import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsResponse, addAccountsRequest, idempotencyHeaders } from '@roundup/shared';
import { requireUser } from '../../http/auth';
import { answers } from '../../http/openapi';
import { addAccounts, type AddAccountsDeps } from './add-accounts';

/** Several accounts at once, for members with dozens at one broker (the dialog turns a count into nicknames, nextNicknames). */
export const addManyAccountsRoutes: FastifyPluginAsyncZod<{ deps: AddAccountsDeps }> = async (app, { deps }) => {
  app.post(
    '/api/accounts/add-many',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Add several accounts at one broker, of one type; answers all your accounts',
        description:
          'One account per nickname (1–50), at the end of your list in that order; all or nothing. A nickname you already have at that broker with that type is not added again, so sending the same list twice adds nothing the second time.',
        body: addAccountsRequest,
        headers: idempotencyHeaders,
        response: answers(accountsResponse),
      },
    },
    async (req) => ({ accounts: await addAccounts(deps, { userId: requireUser(req).user.id, ...req.body }) }),
  );
};
