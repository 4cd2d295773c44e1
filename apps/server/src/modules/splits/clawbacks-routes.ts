import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addClawbackRequest, clawbackListResponse, deleteClawbackRequest, issuerClawbackSchema } from '@roundup/shared';
import { requireAdmin } from '../../http/auth';
import { answers } from '../../http/openapi';
import type { SplitsService } from './service';

/** Admin: the issuers' recorded clawbacks of round-up shares (decision 045), which split risk reads. */
export const clawbacksRoutes: FastifyPluginAsyncZod<{ service: SplitsService }> = async (app, { service }) => {
  app.get(
    '/api/admin/clawbacks',
    {
      schema: {
        tags: ['splits'],
        summary: "Admin: every recorded clawback of an issuer's round-up shares, newest first",
        response: answers(clawbackListResponse),
      },
    },
    async (req) => {
      requireAdmin(req);
      return { clawbacks: await service.clawbacks() };
    },
  );

  app.post(
    '/api/admin/clawbacks',
    {
      schema: {
        tags: ['splits'],
        summary: 'Admin: record that an issuer refused, reversed or litigated round-up shares, with its source link',
        body: addClawbackRequest,
        response: answers(z.object({ clawback: issuerClawbackSchema })),
      },
    },
    async (req) => {
      const { user } = requireAdmin(req);
      return { clawback: await service.recordClawback(req.body, user.id) };
    },
  );

  app.post(
    '/api/admin/clawbacks/delete',
    {
      schema: {
        tags: ['splits'],
        summary: 'Admin: remove a clawback record made in error',
        body: deleteClawbackRequest,
        response: answers(z.object({ id: z.string() })),
      },
    },
    async (req) => {
      const { user } = requireAdmin(req);
      return service.removeClawback(req.body.id, user.id);
    },
  );
};
