import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/health', { schema: { tags: ['health'] } }, async () => {
    try {
      await ctx.database.query('select 1 as ok');
    } catch {
      throw new AppError('UNAVAILABLE', 'Database unavailable');
    }
    return { status: 'ok', database: ctx.database.kind, mail: ctx.mailer.kind };
  });
};
