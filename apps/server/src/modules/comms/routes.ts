import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announcementAudienceQuery, sendAnnouncementRequest, sendSmsRequest } from '@roundup/shared';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth';
import { limit } from '../../http/rate-limit';
import { notificationsService } from '../notifications/service';
import { commsService } from './service';

/** Checks the admin before the input is validated, so others get 401/403, never a validation hint. */
const adminFirst = async (req: FastifyRequest) => {
  requireAdmin(req);
};

export const commsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = commsService(ctx, notificationsService(ctx));

  app.get('/api/comms', { schema: { tags: ['comms'] } }, async (req) => {
    requireAdmin(req);
    return { comms: await service.list() };
  });

  app.post(
    '/api/comms/send-sms',
    { schema: { tags: ['comms'], body: sendSmsRequest }, preValidation: adminFirst, config: limit(30, '15 minutes') },
    async (req) => {
      const principal = requireAdmin(req);
      return service.sendSms(principal, req.body);
    },
  );

  // Beyond product.md §7: announcements (general or newsletter) to the members who opted in.
  app.get(
    '/api/comms/audience',
    { schema: { tags: ['comms'], querystring: announcementAudienceQuery }, preValidation: adminFirst },
    async (req) => {
      requireAdmin(req);
      return service.announcementAudience(req.query.kind);
    },
  );

  app.post(
    '/api/comms/send-announcement',
    { schema: { tags: ['comms'], body: sendAnnouncementRequest }, preValidation: adminFirst, config: limit(30, '15 minutes') },
    async (req) => {
      const principal = requireAdmin(req);
      return service.sendAnnouncement(principal, req.body);
    },
  );
};
