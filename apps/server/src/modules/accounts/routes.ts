import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAccountRequest, deleteAccountRequest, editAccountRequest, reorderAccountsRequest } from '@roundup/shared';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { accountsService } from './service';

/** product.md §7 /api/accounts/*: every route acts on the caller's own accounts only. */
export const accountsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = accountsService(ctx);
  const tags = ['accounts'];

  app.get('/api/accounts/mine', { schema: { tags } }, async (req) => service.mine(requireUser(req).user.id));

  app.post('/api/accounts/add', { schema: { tags, body: addAccountRequest } }, async (req) => ({
    accounts: await service.add(requireUser(req).user.id, req.body),
  }));

  app.post('/api/accounts/edit', { schema: { tags, body: editAccountRequest } }, async (req) => ({
    accounts: await service.edit(requireUser(req).user.id, req.body),
  }));

  app.post('/api/accounts/delete', { schema: { tags, body: deleteAccountRequest } }, async (req) => ({
    accounts: await service.remove(requireUser(req).user.id, req.body.id),
  }));

  app.post('/api/accounts/reorder', { schema: { tags, body: reorderAccountsRequest } }, async (req) => ({
    accounts: await service.reorder(requireUser(req).user.id, req.body.accounts),
  }));
};
