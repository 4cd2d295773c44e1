import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, healthResponse, readinessSchema } from '@roundup/shared';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';
import { answers } from '../../http/openapi';
import { onScrape, queueDepth, queueOldestAge, scrape } from '../../lib/metrics';
import type { NotificationsService } from '../notifications/service';
import { readiness } from './service';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Liveness (/api/health), readiness (/api/ready) and the token-guarded metrics (decision 017). */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; notifications: NotificationsService }> = async (
  app,
  { ctx, notifications: queue },
) => {
  const off = onScrape(async () => {
    const s = await queue.queueStats();
    queueDepth.set(s.depth);
    queueOldestAge.set(s.oldestAgeSeconds);
  });
  app.addHook('onClose', async () => {
    off();
  });

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (the database and the pool are for /api/ready)',
        security: [],
        response: answers(healthResponse, { example: { status: 'ok', database: 'postgres', mail: 'smtp' } }),
      },
    },
    // Never the database: a supervisor restarts a process whose liveness fails, and a database that is
    // slow, locked or away is not cured by restarting every healthy replica (readiness says it instead).
    async () => ({ status: 'ok' as const, database: ctx.database.kind, mail: ctx.mailer.kind }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'Readiness: database reachable and not timing out, migrations applied, queue lag under the threshold; answers within 1 s',
        security: [],
        response: {
          ...answers(readinessSchema),
          503: z
            .object({ data: readinessSchema, errors: z.array(apiErrorSchema).min(1) })
            .meta({ description: 'Not ready: `data` says what was checked, `errors` why it is not ready' }),
        },
      },
    },
    async (_req, reply) => {
      const r = await readiness(ctx, queue.queueStats);
      if (r.ready) return r;
      return reply.code(503).send({ data: r, errors: r.reasons.map((msg) => ({ msg })) } as never);
    },
  );

  app.get('/api/metrics', { schema: { hide: true } }, async (req, reply) => {
    const token = ctx.config.METRICS_TOKEN;
    const given = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    if (!token || !sameToken(given, token)) throw new AppError('NOT_FOUND', `Not found: GET /api/metrics`);
    const m = await scrape();
    return reply.type(m.contentType).send(m.body);
  });
};
