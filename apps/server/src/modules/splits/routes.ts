import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addSplitRequest,
  deleteSplitRequest,
  deleteSplitResultSchema,
  editSplitRequest,
  savedSplitResult,
  undoSplitAlertsRequest,
  previewSplitRequest,
  splitPreviewSchema,
  undoSplitAlertsResult,
  pastSplitSchema,
  splitSchema,
  splitOutcomesSchema,
  splitViewSchema,
  uuidId,
} from '@roundup/shared';
import type { AppContext } from '../../context';
import { notFound } from '../../http/app-error';
import { requireAdmin, requireUser } from '../../http/auth';
import { answers, notModified } from '../../http/openapi';
import { etagMatches, PUBLIC_LIST_MAX_AGE } from '../../http/caching';
import { clawbacksRoutes } from './clawbacks-routes';
import { pipelineRoutes } from './pipeline-routes';
import { splitsEventsRoutes } from './events-routes';
import { splitsIcalRoutes } from './ical-routes';
import type { SplitsLive } from './live';
import type { SplitsService } from './service';

/** GET /api/rs: its schema (with an example of a whole and a masked row); the envelope is pre-compressed. */
const listOptions = {
  schema: {
    tags: ['splits'],
    summary: 'Upcoming and Complete splits (Approved too for admins); masked for Starter users',
    description: [
      'Each row is a whole split (`masked: false`) or, for a caller who may not see it (Starter members, decision 011),',
      'a masked row: only its days, status and asterisks, with a placeholder id. The answer is pre-serialized and',
      'pre-compressed once per change (br or gzip by Accept-Encoding) and carries an ETag: `If-None-Match` answers 304.',
    ].join(' '),
    response: {
      ...answers(z.object({ splits: z.array(splitViewSchema) }), {
        description: 'The splits you may see; rows you may not see in full are masked',
        example: {
          splits: [
            {
              _id: '0b9f3c1e-5d7a-4e1b-9a3f-2c8d6e4f1a7b',
              name: 'Acme Corp',
              ticker: 'ACME',
              effDate: '2026-12-01',
              buyDate: '2026-11-30',
              ratio: 10,
              price: 1.5,
              estProfit: 13.5,
              avgProfit: 0,
              status: 'Upcoming',
              rsType: 'Round Up',
              source: 'https://www.sec.gov/Archives/edgar/data/1234567/000123456726000001/0001234567-26-000001-index.htm',
              notes: null,
              caution: false,
              exchange: 'Nasdaq',
              deadline: { regularClose: '2026-11-30T21:00:00.000Z', haltAt: '2026-12-01T00:50:00.000Z' },
              masked: false,
            },
            {
              _id: 'masked-1',
              name: '*****',
              ticker: '*****',
              effDate: '2026-12-03',
              buyDate: '2026-12-02',
              status: 'Upcoming',
              masked: true,
            },
          ],
        },
      }),
      ...notModified,
    },
  },
  // The envelope is pre-compressed once per change (~10× smaller for 2,000 splits): no per-request compression.
  compress: false,
} as const;

/** Reverse splits (product.md#api): the lists, one split and its outcomes; admin writes, the Pro iCal feed and the live stream. */
export const splitsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; live: SplitsLive; service: SplitsService }> = async (
  app,
  { ctx, live, service },
) => {
  app.get('/api/rs', listOptions, async (req, reply) => {
    const p = requireUser(req);
    const body = await service.listEnvelope(p.user.role);
    reply
      .type('application/json; charset=utf-8')
      .header('vary', 'Accept-Encoding')
      .header('cache-control', 'private, no-cache')
      .header('etag', body.etag);
    // The ETag names the audience (masked or full), so one member's tag never matches another view's body.
    if (etagMatches(req.headers['if-none-match'], body.etag)) return reply.code(304).send();
    const accepts = String(req.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(body.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(body.gzip);
    return reply.send(body.json);
  });

  app.get(
    '/api/rs/past',
    {
      schema: {
        tags: ['splits'],
        summary: 'Complete Round Up splits, newest first (public)',
        security: [],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(100) }),
        response: { ...answers(z.object({ splits: z.array(pastSplitSchema) })), ...notModified },
      },
      config: { publicCache: PUBLIC_LIST_MAX_AGE },
    },
    async (req) => ({ splits: await service.past(req.query.limit) }),
  );

  app.get(
    '/api/rs/ticker/:id',
    {
      schema: {
        tags: ['splits'],
        summary: 'One split (404 when hidden from you, 403 when only Pro members may see it)',
        params: z.object({ id: z.string() }),
        response: answers(z.object({ split: splitSchema })),
      },
    },
    async (req) => {
      const p = requireUser(req);
      if (!uuidId().safeParse(req.params.id).success) throw notFound('Split not found');
      return { split: await service.byId(p.user.role, req.params.id) };
    },
  );

  app.get(
    '/api/rs/:id/outcomes',
    {
      schema: {
        tags: ['splits'],
        summary: 'What other members got on this split, per broker (Pro; brokers with at least 3 members)',
        description: [
          'While the split is happening (Upcoming, or Complete up to 21 days after its effective date; decision 027),',
          'the outcomes members recorded per broker. Only counts: a broker with fewer than 3 members is not listed.',
          'Starter members get 403; a split hidden from the caller 404.',
        ].join(' '),
        params: z.object({ id: z.string() }),
        response: answers(splitOutcomesSchema),
      },
    },
    async (req) => {
      const p = requireUser(req);
      if (!uuidId().safeParse(req.params.id).success) throw notFound('Split not found');
      return service.outcomes({ viewer: p.user.role, userId: p.user.id, splitId: req.params.id });
    },
  );

  await app.register(adminSplitsRoutes, { service });
  await app.register(splitsIcalRoutes, { service });
  // The live change stream (SSE) and its tickets.
  await app.register(splitsEventsRoutes, { ctx, live, service });
  await app.register(clawbacksRoutes, { service });
  await app.register(pipelineRoutes, { service });
};

/** Admin: add, edit and delete a split. */
const adminSplitsRoutes: FastifyPluginAsyncZod<{ service: SplitsService }> = async (app, { service }) => {
  app.post(
    '/api/rs/add',
    {
      schema: {
        tags: ['splits'],
        summary: 'Admin: add a split',
        body: addSplitRequest,
        response: answers(savedSplitResult),
      },
    },
    async (req) => {
      const { user } = requireAdmin(req);
      return service.add(req.body.newTicker, user.id);
    },
  );

  app.post(
    '/api/rs/edit',
    {
      schema: {
        tags: ['splits'],
        summary: 'Admin: edit a split',
        body: editSplitRequest,
        response: answers(savedSplitResult),
      },
    },
    async (req) => {
      const { user } = requireAdmin(req);
      const { _id, ...rest } = req.body.newTicker;
      return service.edit(_id, rest, user.id);
    },
  );

  app.post(
    '/api/rs/preview',
    {
      schema: {
        tags: ['splits'],
        summary:
          "Admin: what saving this split would do (the gate's refusals, the alert as members get it, how many); writes nothing",
        body: previewSplitRequest,
        response: answers(splitPreviewSchema),
      },
    },
    async (req) => {
      requireAdmin(req);
      const { _id, ...rest } = req.body.newTicker;
      return service.preview(rest, _id);
    },
  );

  app.post(
    '/api/rs/alerts/undo',
    {
      schema: {
        tags: ['splits'],
        summary: "Admin: stop a saved split's alerts while they are held (409 once they have gone out)",
        body: undoSplitAlertsRequest,
        response: answers(undoSplitAlertsResult),
      },
    },
    async (req) => {
      const { user } = requireAdmin(req);
      return service.undoAlerts(req.body.id, user.id);
    },
  );

  app.post(
    '/api/rs/delete',
    {
      schema: {
        tags: ['splits'],
        summary: 'Admin: delete a split (one with trades is archived, with `confirm: true`)',
        body: deleteSplitRequest,
        response: answers(deleteSplitResultSchema),
      },
    },
    async (req) => {
      const { user } = requireAdmin(req);
      // Deletes a split without trades; one with trades needs `confirm: true` and is archived (decision 011).
      return service.remove(req.body.id, { confirm: req.body.confirm === true, actorId: user.id });
    },
  );
};
