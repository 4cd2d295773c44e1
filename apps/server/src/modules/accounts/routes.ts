import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountsResponse,
  addAccountRequest,
  deleteAccountRequest,
  editAccountRequest,
  idempotencyHeaders,
  myAccountsResponse,
  reorderAccountsRequest,
} from '@roundup/shared';
import { requireUser } from '../../http/auth';
import { answers } from '../../http/openapi';
import type { AccountsService } from './service';

/** product.md#api /api/accounts/*: every route acts on the caller's own accounts only. */
export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts: service }) => {
  const tags = ['accounts'];

  app.get(
    '/api/accounts/mine',
    { schema: { tags, summary: 'Your accounts, and the brokers you may pick', response: answers(myAccountsResponse) } },
    async (req) => service.mine(requireUser(req).user.id),
  );

  app.post(
    '/api/accounts/add',
    {
      schema: {
        tags,
        summary: 'Add an account; answers all your accounts',
        body: addAccountRequest,
        headers: idempotencyHeaders,
        response: answers(accountsResponse),
      },
    },
    async (req) => ({
      accounts: await service.add(requireUser(req).user.id, req.body),
    }),
  );

  app.post(
    '/api/accounts/edit',
    {
      schema: {
        tags,
        summary: 'Edit an account; answers all your accounts',
        body: editAccountRequest,
        response: answers(accountsResponse),
      },
    },
    async (req) => ({
      accounts: await service.edit(requireUser(req).user.id, req.body),
    }),
  );

  app.post(
    '/api/accounts/delete',
    {
      schema: {
        tags,
        summary: 'Delete an account and its trades; answers the accounts left',
        body: deleteAccountRequest,
        response: answers(accountsResponse),
      },
    },
    async (req) => ({
      accounts: await service.remove(requireUser(req).user.id, req.body.id),
    }),
  );

  app.post(
    '/api/accounts/reorder',
    {
      schema: {
        tags,
        summary: 'Put your accounts in a new order',
        body: reorderAccountsRequest,
        response: answers(accountsResponse),
      },
    },
    async (req) => ({
      accounts: await service.reorder(requireUser(req).user.id, req.body.accounts),
    }),
  );
};
