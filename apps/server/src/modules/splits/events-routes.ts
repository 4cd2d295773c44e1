import type { ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, unauthenticated } from '../../http/app-error';
import { requireUser } from '../../http/auth';
import { answers, textAnswer } from '../../http/openapi';
import { liveStreams } from '../../lib/metrics';
import { missedChange } from './change-id-rules';
import type { SplitsLive } from './live';
import type { SplitsService } from './service';

const HEARTBEAT_MS = 20_000;
/** Open live streams per member (one per browser tab); more answer 429 instead of holding sockets without bound. */
export const MAX_STREAMS_PER_USER = 8;

/** The live change stream (SSE, decision 006): its single-use tickets and the stream itself. */
export const splitsEventsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; live: SplitsLive; service: SplitsService }> = async (
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
        summary: 'Server-sent events: `splits` when any split, or what split rows show, changes (no split data)',
        description:
          'A stream (`text/event-stream`): `hello` at once, then `splits` with `{"kind":"changed"}` when a split or what its rows show changes (a confirmation, a verdict of members at a broker; re-read GET /api/rs, which shows each caller what they may see) (or `"resync"` at once after a reconnect that missed one), and a comment every 20 s. The `id` of each event is the count of split changes kept by the database, the same on every replica: a reconnect whose `Last-Event-ID` is not the current id gets the resync. Sign in with the session header, or with `ticket` from POST /api/events/ticket (EventSource cannot send headers).',
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
      streams.add(reply.raw);
      liveStreams.inc();
      const done = () => {
        const left = (streamsPerUser.get(userId) ?? 1) - 1;
        if (left > 0) streamsPerUser.set(userId, left);
        else streamsPerUser.delete(userId);
        streams.delete(reply.raw);
        liveStreams.dec();
      };
      streamChanges(req, reply.raw, { live, sessions: ctx.sessions, service, userId, sessionId, done });
    },
  );
};

/** What one stream needs; `done` is called once, when the client or the server closes it. */
interface StreamOptions {
  live: SplitsLive;
  sessions: AppContext['sessions'];
  service: Pick<SplitsService, 'sessionLive'>;
  userId: string;
  sessionId: string;
  done: () => void;
}

/**
 * Writes the stream: `hello`, a resync when a reconnect missed a change, `splits` on each change
 * (bursts coalesced), a heartbeat comment; it ends when the session is revoked.
 */
function streamChanges(req: FastifyRequest, res: ServerResponse, opts: StreamOptions): void {
  const { live, userId, sessionId } = opts;
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
    opts.service
      .sessionLive(sessionId)
      .then((live) => {
        if (!live && !closed) res.end();
      })
      .catch(() => undefined);
  };
  const offRevoke = opts.sessions.onInvalidate((id) => {
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
    off();
    offRevoke();
    clearInterval(beat);
    if (pending) clearTimeout(pending);
    opts.done();
  };
  req.raw.on('close', cleanup);
  res.on('close', cleanup);
}
