import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { limit } from '../../http/rate-limit';
import { answers, textAnswer } from '../../http/openapi';
import type { SplitsService } from './service';

/** The Pro iCal feed: the secret URL, its reset, and the feed itself (the URL is the credential). */
export const splitsIcalRoutes: FastifyPluginAsyncZod<{ service: SplitsService }> = async (app, { service }) => {
  app.get(
    '/api/rs/ical',
    {
      schema: {
        tags: ['splits'],
        summary: 'Your personal iCal feed URL (Pro)',
        response: answers(z.object({ url: z.string() })),
      },
    },
    async (req) => {
      const p = requireUser(req);
      return { url: await service.feedUrl(p.user.id, p.user.role) };
    },
  );
  app.post(
    '/api/rs/ical/reset',
    {
      schema: {
        tags: ['splits'],
        summary: 'Revoke the feed URL and issue a new one',
        response: answers(z.object({ url: z.string() })),
      },
      config: limit(20, '15 minutes'),
    },
    async (req) => {
      const p = requireUser(req);
      return { url: await service.resetFeed(p.user.id, p.user.role) };
    },
  );
  app.get(
    '/api/rs/ical/:file',
    {
      schema: {
        tags: ['splits'],
        summary: 'The iCal feed (text/calendar)',
        description: 'The secret URL from GET /api/rs/ical is the credential: no Authorization header.',
        security: [],
        params: z.object({ file: z.string().max(200) }),
        response: textAnswer('text/calendar', 'The calendar of the splits you may see'),
      },
      config: limit(120, '1 hour'),
    },
    async (req, reply) => {
      const token = req.params.file.replace(/\.ics$/, '');
      const body = await service.feed(token);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="roundup-reverse-splits.ics"')
        .send(body);
    },
  );
};
