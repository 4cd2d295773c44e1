import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newFeedbackRequest } from '@roundup/shared';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth';
import { limit } from '../../http/rate-limit';
import { feedbackService } from './service';

export const feedbackRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = feedbackService(ctx);
  app.post(
    '/api/feedback/new',
    { schema: { tags: ['feedback'], body: newFeedbackRequest }, config: limit(10, '15 minutes') },
    async (req) => {
      await service.create(req.body, req.principal?.user.id ?? null);
      return { msg: 'Thank you for your feedback!' };
    },
  );
  app.get('/api/feedback', { schema: { tags: ['feedback'] } }, async (req) => {
    requireAdmin(req);
    return { feedback: await service.list() };
  });
};
