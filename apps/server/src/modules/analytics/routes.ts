import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsSummary, openPositionSchema, taxExportQuery, taxExportSchema } from '@roundup/shared';
import { requireUser } from '../../http/auth';
import { answers, answersOr } from '../../http/openapi';
import type { analyticsService } from './service';

/** Member analytics (Settings → Analytics): the caller's own trades only. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: ReturnType<typeof analyticsService> }> = async (
  app,
  { analytics: service },
) => {
  const tags = ['analytics'];

  app.get(
    '/api/analytics/mine',
    {
      schema: {
        tags,
        summary: 'What you earned, by month, broker, account and split',
        response: answers(z.object({ analytics: analyticsSummary })),
      },
    },
    async (req) => ({
      analytics: await service.summary(requireUser(req).user.id),
    }),
  );

  app.get(
    '/api/analytics/open-positions',
    {
      schema: {
        tags,
        summary: 'All your open positions, soonest expected first',
        response: answers(z.object({ openPositions: z.array(openPositionSchema) })),
      },
    },
    async (req) => ({
      openPositions: await service.openPositions(requireUser(req).user.id),
    }),
  );

  /** Closed trades of a tax year as CSV with the columns of IRS Form 8949; `format=csv` answers text/csv. */
  app.get(
    '/api/analytics/tax-export',
    {
      schema: {
        tags,
        summary: 'Form 8949 export of a tax year (JSON with the CSV text, or `format=csv` for the file)',
        querystring: taxExportQuery,
        response: answersOr(
          taxExportSchema,
          {
            mediaType: 'text/csv',
            description: 'with `format=csv`, the CSV file itself (attachment, UTF-8 with a byte order mark)',
          },
          'The export in the envelope',
        ),
      },
    },
    async (req, reply) => {
      const out = await service.taxExport(requireUser(req).user.id, req.query.year);
      if (req.query.format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${out.filename}"`)
          .send(out.csv);
      }
      return out;
    },
  );
};
