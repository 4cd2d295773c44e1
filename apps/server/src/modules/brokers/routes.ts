import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addBrokerRequest, brokerSchema, deleteBrokerRequest, editBrokerRequest, isAdmin } from '@roundup/shared';
import { requireAdmin } from '../../http/auth';
import { PUBLIC_LIST_MAX_AGE } from '../../http/caching';
import { answers, notModified, optionalSession } from '../../http/openapi';
import type { BrokersService } from './service';

/** Checks the admin before the body is validated, so others get 401/403, never a validation hint. */
const adminFirst = async (req: FastifyRequest) => {
  requireAdmin(req);
};

/**
 * Broker directory (product.md#api). Reads are public-safe: disabled brokers are hidden from
 * everyone but admins, who see them with `?all=1`. Writes are admin-only.
 */
export const brokersRoutes: FastifyPluginAsyncZod<{ brokers: BrokersService }> = async (app, { brokers: service }) => {
  const tags = ['brokers'];

  app.get(
    '/api/brokers',
    {
      schema: {
        tags,
        summary: 'The broker directory (public; admins may add `all=1` for disabled brokers)',
        security: optionalSession,
        querystring: z.object({ all: z.enum(['0', '1', 'true', 'false']).optional() }),
        response: { ...answers(z.object({ brokers: z.array(brokerSchema) })), ...notModified },
      },
      config: { publicCache: PUBLIC_LIST_MAX_AGE },
    },
    async (req, reply) => {
      const admin = isAdmin(req.principal?.user.role);
      // Admins may see disabled brokers: their answer is never shared.
      if (admin) reply.header('cache-control', 'private, no-store');
      const all = req.query.all === '1' || req.query.all === 'true';
      return { brokers: await service.list({ admin, all }) };
    },
  );

  app.get(
    '/api/brokers/:id',
    {
      schema: {
        tags,
        summary: 'One broker (public)',
        security: optionalSession,
        params: z.object({ id: z.string().max(64).toLowerCase() }),
        response: answers(z.object({ broker: brokerSchema })),
      },
    },
    async (req) => {
      const broker = await service.get(req.params.id, isAdmin(req.principal?.user.role));
      return { broker };
    },
  );

  app.post(
    '/api/brokers/add',
    {
      schema: {
        tags,
        summary: 'Admin: add a broker',
        body: addBrokerRequest,
        response: answers(z.object({ broker: brokerSchema })),
      },
      preValidation: adminFirst,
    },
    async (req) => {
      const { user } = requireAdmin(req);
      return { broker: await service.add(user.id, req.body.newBroker) };
    },
  );

  app.post(
    '/api/brokers/edit',
    {
      schema: {
        tags,
        summary: 'Admin: edit a broker',
        body: editBrokerRequest,
        response: answers(z.object({ broker: brokerSchema })),
      },
      preValidation: adminFirst,
    },
    async (req) => {
      const { user } = requireAdmin(req);
      const { _id, ...input } = req.body.newBroker;
      return { broker: await service.edit(user.id, _id, input) };
    },
  );

  app.post(
    '/api/brokers/delete',
    {
      schema: {
        tags,
        summary: 'Admin: delete a broker',
        body: deleteBrokerRequest,
        response: answers(z.object({ deleted: z.object({ _id: z.string() }) })),
      },
      preValidation: adminFirst,
    },
    async (req) => {
      const { user } = requireAdmin(req);
      return { deleted: await service.remove(user.id, req.body.id) };
    },
  );
};
