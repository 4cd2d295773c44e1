import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMM_TYPES, outboxMessage } from '@roundup/shared';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth';
import { answers } from '../../http/openapi';
import { outboxRepo } from './repo';

/**
 * What the local mail/SMS/WhatsApp/Discord stand-ins "sent" (product.md#running): admins can read it,
 * which is also how a local demo (and the e2e journeys) follow an emailed link.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const repo = outboxRepo(ctx.database.db);
  app.get(
    '/api/outbox',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admin: what the local email, SMS, WhatsApp and Discord stand-ins sent, newest first',
        response: answers(z.object({ messages: z.array(outboxMessage) })),
        querystring: z.object({
          recipient: z.string().max(254).optional(),
          channel: z.enum(COMM_TYPES).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
      },
    },
    async (req) => {
      requireAdmin(req);
      const rows = await repo.latest(req.query, req.query.limit);
      return {
        messages: rows.map((r) => ({
          _id: r.id,
          channel: r.channel,
          recipient: r.recipient,
          subject: r.subject,
          body: r.body,
          createdDate: r.createdAt.toISOString(),
        })),
      };
    },
  );
};
