import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxExportQuery } from '@roundup/shared';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { analyticsService } from './service';

/** Member analytics (Settings → Analytics): the caller's own trades only. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = analyticsService(ctx);
  const tags = ['analytics'];

  app.get('/api/analytics/mine', { schema: { tags } }, async (req) => ({
    analytics: await service.summary(requireUser(req).user.id),
  }));

  app.get('/api/analytics/open-positions', { schema: { tags } }, async (req) => ({
    openPositions: await service.openPositions(requireUser(req).user.id),
  }));

  /** Closed trades of a tax year as CSV with the columns of IRS Form 8949; `format=csv` answers text/csv. */
  app.get('/api/analytics/tax-export', { schema: { tags, querystring: taxExportQuery } }, async (req, reply) => {
    const out = await service.taxExport(requireUser(req).user.id, req.query.year);
    if (req.query.format === 'csv') {
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${out.filename}"`)
        .send(out.csv);
    }
    return out;
  });
};
