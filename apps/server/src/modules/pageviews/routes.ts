import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageViewRequest, pageViewSummary, publicConfig, type PublicConfig } from '@roundup/shared';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth';
import { limit } from '../../http/rate-limit';
import { answers } from '../../http/openapi';
import type { pageViewsService } from './service';

/** Page views (product.md#screens "an analytics service") and the public client config. */
export const pageViewsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; pageViews: ReturnType<typeof pageViewsService> }> = async (
  app,
  { ctx, pageViews: service },
) => {
  const tags = ['pageviews'];

  app.post(
    '/api/pageviews',
    {
      schema: {
        tags,
        summary: 'Count a page view (the path only; anyone)',
        security: [],
        body: pageViewRequest.meta({ examples: [{ path: '/brokers' }] }),
        response: answers(z.object({ path: z.string() })),
      },
      config: limit(120, '1 minute'),
    },
    async (req) => service.record(req.body.path, req.principal?.user.id ?? null),
  );

  app.get(
    '/api/pageviews/summary',
    {
      schema: {
        tags,
        summary: 'Admin: page views per page per day',
        querystring: z.object({ days: z.coerce.number().int().min(1).max(90).optional() }),
        response: answers(pageViewSummary),
      },
    },
    async (req) => {
      requireAdmin(req);
      return service.summary(req.query.days ?? 30);
    },
  );

  app.get(
    '/api/config',
    { schema: { tags: ['config'], summary: 'Public client configuration', security: [], response: answers(publicConfig) } },
    async (): Promise<PublicConfig> => ({
      gaMeasurementId: ctx.config.GA_MEASUREMENT_ID ?? null,
    }),
  );
};
