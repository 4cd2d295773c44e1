import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addSplitRequest,
  deleteSplitRequest,
  deleteSplitResultSchema,
  editSplitRequest,
  pastSplitSchema,
  splitSchema,
  splitViewSchema,
  uuidId,
} from '@roundup/shared';
import type { AppContext } from '../../context';
import { AppError, notFound, unauthenticated } from '../../http/app-error';
import { requireAdmin, requireUser } from '../../http/auth';
import { limit } from '../../http/rate-limit';
import { answers, notModified, textAnswer } from '../../http/openapi';
import { liveStreams } from '../../lib/metrics';
import { etagMatches, PUBLIC_LIST_MAX_AGE } from '../../http/caching';
import { missedChange } from './change-id';
import type { SplitsLive } from './live';
import type { SplitsService } from './service';

const HEARTBEAT_MS = 20_000;
/** Open live streams per member (one per browser tab); more answer 429 instead of holding sockets without bound. */
export const MAX_STREAMS_PER_USER = 8;

/** Reverse splits (product.md §7), the live change stream and the Pro iCal feed. */
export const splitsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; live: SplitsLive; service: SplitsService }> = async (
  app,
  { ctx, live, service },
) => {
  const streams = new Set<ServerResponse>();
  const streamsPerUser = new Map<string, number>();
  // On shutdown the open streams end first (preClose), so the server can stop accepting and finish
  // in-flight requests; EventSource clients then reconnect to another replica.
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
    streams.clear();
  });
  app.addHook('onClose', async () => {
    for (const res of streams) res.end();
    streams.clear();
  });

  app.get(
    '/api/rs',
    {
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
    },
    async (req, reply) => {
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
    },
  );

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

  app.post(
    '/api/rs/add',
    {
      schema: {
        tags: ['splits'],
        summary: 'Admin: add a split',
        body: addSplitRequest,
        response: answers(z.object({ split: splitSchema })),
      },
    },
    async (req) => {
      const { user } = requireAdmin(req);
      return { split: await service.add(req.body.newTicker, user.id) };
    },
  );

  app.post(
    '/api/rs/edit',
    {
      schema: {
        tags: ['splits'],
        summary: 'Admin: edit a split',
        body: editSplitRequest,
        response: answers(z.object({ split: splitSchema })),
      },
    },
    async (req) => {
      const { user } = requireAdmin(req);
      const { _id, ...rest } = req.body.newTicker;
      return { split: await service.edit(_id, rest, user.id) };
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

  // ---- iCal feed (Pro): the secret URL, its reset, and the feed itself -----------------------
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

  // ---- live change stream (SSE) ---------------------------------------------------------------
  app.post(
    '/api/events/ticket',
    {
      schema: {
        tags: ['splits'],
        summary: 'A single-use, 60-second ticket to open /api/events with EventSource',
        response: answers(z.object({ ticket: z.string() })),
      },
    },
    async (req) => {
      const p = requireUser(req);
      return { ticket: await service.sseTicket(p.user.id, p.sessionId) };
    },
  );

  app.get(
    '/api/events',
    {
      schema: {
        tags: ['splits'],
        summary: 'Server-sent events: `splits` when any split changes (no split data)',
        description:
          'A stream (`text/event-stream`): `hello` at once, then `splits` with `{"kind":"changed"}` (or `"resync"` at once after a reconnect that missed one), and a comment every 20 s. The `id` of each event is the count of split changes kept by the database, the same on every replica: a reconnect whose `Last-Event-ID` is not the current id gets the resync. Sign in with the session header, or with `ticket` from POST /api/events/ticket (EventSource cannot send headers).',
        querystring: z.object({ ticket: z.string().max(300).optional() }),
        response: textAnswer('text/event-stream', 'The event stream (stays open)'),
      },
    },
    async (req, reply) => {
      const who = req.principal
        ? { userId: req.principal.user.id, sessionId: req.principal.sessionId }
        : req.query.ticket
          ? await service.checkSseTicket(req.query.ticket)
          : null;
      if (!who) throw unauthenticated();
      const { userId, sessionId } = who;
      const open = streamsPerUser.get(userId) ?? 0;
      if (open >= MAX_STREAMS_PER_USER) {
        throw new AppError(
          'RATE_LIMITED',
          `Too many live connections are open (${MAX_STREAMS_PER_USER}); close another RoundUp tab`,
          { retryAfterSeconds: 30 },
        );
      }
      streamsPerUser.set(userId, open + 1);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': req.id,
      });
      res.write(`retry: 2000\n\nid: ${live.lastChangeId}\nevent: hello\ndata: {}\n\n`);
      // A client that reconnects names the last event it saw; any id but the current one answers a resync at once.
      if (missedChange(req.headers['last-event-id'], live.lastChangeId))
        res.write(`id: ${live.lastChangeId}\nevent: splits\ndata: {"kind":"resync"}\n\n`);
      streams.add(res);
      liveStreams.inc();
      let pending: NodeJS.Timeout | null = null;
      const off = live.onChange(() => {
        // Coalesce bursts (the local signal and the NOTIFY echo of one write) into one event.
        if (pending) return;
        pending = setTimeout(() => {
          pending = null;
          res.write(`id: ${live.lastChangeId}\nevent: splits\ndata: {"kind":"changed"}\n\n`);
        }, 150);
      });
      // A revoked session (logout, password change or reset) closes its open streams: at once in this
      // process, and at the next heartbeat in the others.
      const endIfRevoked = () => {
        service
          .sessionLive(sessionId)
          .then((live) => {
            if (!live && !closed) res.end();
          })
          .catch(() => undefined);
      };
      const offRevoke = ctx.sessions.onInvalidate((id) => {
        if (id === userId) endIfRevoked();
      });
      const beat = setInterval(() => {
        res.write(': ping\n\n');
        endIfRevoked();
      }, HEARTBEAT_MS);
      let closed = false;
      const cleanup = () => {
        if (closed) return;
        closed = true;
        const left = (streamsPerUser.get(userId) ?? 1) - 1;
        if (left > 0) streamsPerUser.set(userId, left);
        else streamsPerUser.delete(userId);
        off();
        offRevoke();
        clearInterval(beat);
        if (pending) clearTimeout(pending);
        streams.delete(res);
        liveStreams.dec();
      };
      req.raw.on('close', cleanup);
      res.on('close', cleanup);
    },
  );
};
