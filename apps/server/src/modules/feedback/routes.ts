import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedbackItem, messageResponse, newFeedbackRequest } from '@roundup/shared';
import { requireAdmin } from '../../http/auth';
import { limit } from '../../http/rate-limit';
import { answers } from '../../http/openapi';
import type { feedbackService } from './service';

export const feedbackRoutes: FastifyPluginAsyncZod<{ feedback: ReturnType<typeof feedbackService> }> = async (
  app,
  { feedback: service },
) => {
  app.post(
    '/api/feedback/new',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback (anyone)',
        security: [],
        body: newFeedbackRequest.meta({ examples: [{ email: 'visitor@example.com', feedback: 'The calendar is great.' }] }),
        response: answers(messageResponse),
      },
      config: limit(10, '15 minutes'),
    },
    async (req) => {
      await service.create(req.body, req.principal?.user.id ?? null);
      return { msg: 'Thank you for your feedback!' };
    },
  );
  app.get(
    '/api/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Admin: feedback received',
        response: answers(z.object({ feedback: z.array(feedbackItem) })),
      },
    },
    async (req) => {
      requireAdmin(req);
      return { feedback: await service.list() };
    },
  );
};
