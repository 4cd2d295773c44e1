import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendSmsRequest } from '@roundup/shared';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth';
import { limit } from '../../http/rate-limit';
import { notificationsService } from '../notifications/service';
import { commsService } from './service';

export const commsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = commsService(ctx, notificationsService(ctx));

  app.get('/api/comms', { schema: { tags: ['comms'] } }, async (req) => {
    requireAdmin(req);
    return { comms: await service.list() };
  });

  app.post('/api/comms/send-sms', { schema: { tags: ['comms'], body: sendSmsRequest }, config: limit(30, '15 minutes') }, async (req) => {
    const principal = requireAdmin(req);
    return service.sendSms(principal, req.body);
  });
};
