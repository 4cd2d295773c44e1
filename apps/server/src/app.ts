import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LIMITS, pastSplitSchema } from '@roundup/shared';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { channelAdapters } from './adapters/channels';
import type { DiscordSender } from './adapters/discord';
import type { PushSender } from './adapters/push';
import { outboxMailer, type Mailer } from './adapters/mail';
import type { TextSender } from './adapters/sms';
import { noopNotifier, type AppContext, type Notifier, type UpwardReads } from './context';
import { tradeFacts } from './modules/trades/queries';
import { confirmationFacts } from './modules/confirmations/queries';
import type { Database } from './db/client';
import { trustProxyOption, type AppConfig } from './env';
import { authPlugin } from './http/auth';
import { envelopePlugin, frameworkErrors, requestIdOptions } from './http/envelope';
import { idempotencyPlugin } from './http/idempotency';
import { inputGuardPlugin } from './http/input-guard';
import { safeLoggerOptions } from './http/logging';
import { rateLimitPlugin } from './http/rate-limit';
import { sessionCache } from './http/session-cache';
import { cachingPlugin } from './http/caching';
import { registerWeb } from './http/web';
import { registerApiDocs } from './http/api-docs';
import { registerSecurityHeaders } from './http/security-headers';
import { httpMetricsPlugin } from './http/metrics';
import { responseSerializerCompiler } from './http/serializer';
import { responseMismatches } from './lib/metrics';
import { normalizePath } from './http/path-normalize';
import { memoryLimiter, sharedLimiter, type Limiter } from './lib/limiter';
import { redisLink } from './lib/redis';
import { openTradeIdsOf } from './modules/analytics/queries';
import { TOKEN_ROUTES } from './modules/tokens/rules';
import { registerRoutes } from './register-routes';
import { buildServices, type Services } from './services';
import { TOKEN_PREFIX } from '@roundup/shared';

export interface AppDeps {
  database: Database;
  config: AppConfig;
  mailer?: Mailer;
  limiter?: Limiter;
  clock?: () => Date;
  redis?: Redis;
  notifier?: Notifier;
  /** SMS, WhatsApp, Discord adapters; default: real when their keys are set, else the local outbox. */
  sms?: TextSender;
  whatsapp?: TextSender;
  discord?: DiscordSender;
  /** Web push (default: web-push with the configured or generated VAPID keys). */
  push?: PushSender;
  /** Folder of the built web app; served for every non-API path when it exists. */
  webDist?: string | null;
  /** pino options, or false for silence. */
  logger?: boolean | Record<string, unknown>;
}

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The reads lower modules take from higher ones (context.ts UpwardReads), wired to their owners. */
const upwardReads: UpwardReads = {
  tradeCountsByAccount: (db, userId) => tradeFacts(db).countsByAccount(userId),
  outcomesByBroker: (db) => tradeFacts(db).outcomesByBroker(),
  tradeCountForSplit: (db, splitId) => tradeFacts(db).countForSplit(splitId),
  outcomesOnSplitByBroker: (db, splitId) => tradeFacts(db).outcomesOnSplitByBroker(splitId),
  cashInLieuOf: (db, userId, splitId) => tradeFacts(db).cashInLieuOf(userId, splitId),
  splitsWithClawedBackShares: (db) => tradeFacts(db).splitsWithClawedBackShares(),
  verdictsFor: (db, splitIds) => tradeFacts(db).verdictsFor(splitIds),
  openTradeIds: openTradeIdsOf,
  confirmationsFor: (db, splits) => confirmationFacts(db).forSplits(splits),
};

/** Builds the whole app from its dependencies; never listens (product.md#layout). */
/** Every route as registered, on `app.routeList` (the fuzz test walks them all). */
function recordRoutes(app: FastifyInstance) {
  const routeList: RouteSummary[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routeList.push({ method: String(method), url: r.url });
  });
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: safeLoggerOptions(
      deps.logger ?? (config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL }),
      config.LOG_LEVEL,
    ),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    ...requestIdOptions,
    frameworkErrors,
    // `/%61pi/…` is `/api/…`: one path for the router and for every hook that reads req.url, so a disguised
    // path cannot slip past a hook that checks the prefix.
    rewriteUrl: (req) => normalizePath(req.url ?? '/'),
  }).withTypeProvider<ZodTypeProvider>();
  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their documented schema: a mismatch fails the request in tests
  // (NODE_ENV=test); elsewhere it is logged and counted, and the answer is sent reduced to the
  // documented fields (decision 018). Deployments do not set NODE_ENV, so "elsewhere" is production.
  app.setSerializerCompiler(
    responseSerializerCompiler({
      strict: config.NODE_ENV === 'test',
      onMismatch: (m) => {
        responseMismatches.inc({ method: m.method, route: m.url });
        app.log.error(
          { route: `${m.method} ${m.url}`, status: m.status, issues: m.issues },
          'answer does not match its documented schema',
        );
      },
    }),
  );

  // Shared counters in Redis; each process's memory while it is unreachable (decision 019).
  const redis = deps.redis ? redisLink(deps.redis, app.log) : undefined;
  const ctx: AppContext = {
    database: deps.database,
    config,
    mailer: deps.mailer ?? outboxMailer(deps.database, (m) => app.log.info(m)),
    limiter: deps.limiter ?? (redis ? sharedLimiter(redis) : memoryLimiter()),
    clock: deps.clock ?? (() => new Date()),
    log: app.log,
    redis,
    sessions: sessionCache(config.SESSION_CACHE_MS),
    // Replaced by buildServices: the notifications service needs the finished context.
    notifier: noopNotifier,
    upward: upwardReads,
    ...channelAdapters(deps.database, config, (m) => app.log.info(m)),
    ...(deps.sms ? { sms: deps.sms } : {}),
    ...(deps.whatsapp ? { whatsapp: deps.whatsapp } : {}),
    ...(deps.discord ? { discord: deps.discord } : {}),
    ...(deps.push ? { push: deps.push } : {}),
  };
  app.decorate('ctx', ctx);
  const outages = watchDatabase(app, deps.database);
  await app.register(envelopePlugin, { outages });
  await app.register(inputGuardPlugin);
  await registerSecurityHeaders(app, { gaMeasurementId: config.GA_MEASUREMENT_ID });
  await app.register(rateLimitPlugin, { redis, scale: config.RATE_LIMIT_SCALE });
  // Cache-Control defaults, public-list ETags and JSON compression; before the routes (it hooks onRoute).
  await app.register(cachingPlugin);
  await app.register(httpMetricsPlugin);

  // Each operation names its own security: public ones none, token-enabled ones session or personal token.
  await registerApiDocs(app, {
    tokenScopeOf: (method, url) => Object.entries(TOKEN_ROUTES).find(([, routes]) => routes.includes(`${method} ${url}`))?.[0],
  });

  const services = await buildServices(ctx, { notifier: deps.notifier });
  app.decorate('services', services);
  app.addHook('onClose', () => services.close());
  await app.register(authPlugin, {
    // Session and token lookups have a share of the pool of their own: they never wait behind their route's
    // stuck statements, so a request stuck on a table still fails within its own deadline.
    resolve: (secret) =>
      deps.database.scope('session lookup', () =>
        secret.startsWith(TOKEN_PREFIX) ? services.tokens.resolve(secret) : services.auth.resolveSession(secret),
      ),
    guard: services.tokens.guard,
  });
  // Safe retries of members' writes (decision 048): after auth (keys are per member), before the routes.
  await app.register(idempotencyPlugin, { query: deps.database.query, withCommitHook: deps.database.withCommitHook });
  await registerRoutes(app, ctx, services);

  const webDist = deps.webDist === undefined ? DEFAULT_WEB_DIST : deps.webDist;
  // /faq is rendered with the published FAQs (decision 015): read on each load, so every replica shows an admin's change.
  await registerWeb(app, {
    webDist,
    appUrl: config.appUrl,
    publishedFaqs: () => services.faqs.list(),
    // What GET /api/rs/past answers the landing's table with, in its published shape (no other field).
    recentSplits: async () => z.array(pastSplitSchema).parse(await services.splits.past(LIMITS.recentSplitsOnLanding)),
  });

  return app;
}

/**
 * The database's faults, wired once: a pooled connection that fails is replaced by the pool and its request
 * answers 503 (http/envelope); one line when the database goes and one when it answers again, whatever the
 * number of connections lost. Each request's database work runs as its route, which holds at most its share
 * of the pool (db/bounded-pool.ts): a route stuck behind a locked table cannot take the connections every
 * other route needs. Its hook is the first of all, so the session lookup runs in the scope too.
 */
function watchDatabase(app: FastifyInstance, database: Database) {
  const { outages } = database;
  outages.setLog(app.log);
  database.onConnectionError = (err) =>
    outages.failed('database', 'The database is unreachable', {
      err: { message: err.message, code: (err as { code?: string }).code },
    });
  app.addHook('onRequest', (req, _reply, done) => database.scope(`${req.method} ${req.routeOptions.url ?? 'other'}`, done));
  return outages;
}

export interface RouteSummary {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every service, built once (services.ts); the worker process and the pollers use these. */
    services: Services;
    routeList: RouteSummary[];
  }
}
