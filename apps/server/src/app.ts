import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
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
import { inputGuardPlugin } from './http/input-guard';
import { safeLoggerOptions } from './http/logging';
import { rateLimitPlugin } from './http/rate-limit';
import { sessionCache } from './http/session-cache';
import { cachingPlugin } from './http/caching';
import { registerWeb } from './http/web';
import { httpMetricsPlugin } from './http/metrics';
import { openApiTransform } from './http/openapi';
import { API_DESCRIPTION, API_TAGS, SECURITY_SCHEMES } from './http/openapi-document';
import { responseSerializerCompiler } from './http/serializer';
import { responseMismatches } from './lib/metrics';
import { normalizePath } from './http/path-normalize';
import { memoryLimiter, sharedLimiter, type Limiter } from './lib/limiter';
import { redisLink } from './lib/redis';
import { authRoutes } from './modules/auth/routes';
import { accountsRoutes } from './modules/accounts/routes';
import { accountGroupsRoutes } from './modules/accounts/groups-routes';
import { addManyAccountsRoutes } from './modules/accounts/add-many-routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { openTradeIdsOf } from './modules/analytics/queries';
import { tradesRoutes } from './modules/trades/routes';
import { importsRoutes } from './modules/imports/routes';
import { authService } from './modules/auth/service';
import { adminRoutes } from './modules/admin/routes';
import { brokersRoutes } from './modules/brokers/routes';
import { faqsRoutes } from './modules/faqs/routes';
import { faqsService } from './modules/faqs/service';
import { pageViewsRoutes } from './modules/pageviews/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { billingRoutes } from './modules/billing/routes';
import { affiliatesRoutes } from './modules/affiliates/routes';
import { healthRoutes } from './modules/health/routes';
import { splitsRoutes } from './modules/splits/routes';
import { startSplitsLive } from './modules/splits/live';
import { splitsService } from './modules/splits/service';
import { confirmationsRoutes } from './modules/confirmations/routes';
import { confirmationsService } from './modules/confirmations/service';
import { discoveryRoutes } from './modules/discovery/routes';
import { discoveryService } from './modules/discovery/service';
import { tokensRoutes } from './modules/tokens/routes';
import { tokensService } from './modules/tokens/service';
import { TOKEN_ROUTES } from './modules/tokens/rules';
import { TOKEN_PREFIX } from '@roundup/shared';
import { outboxRoutes } from './modules/outbox/routes';
import { usersRoutes } from './modules/users/routes';
import { usersService } from './modules/users/service';
import { commsRoutes } from './modules/comms/routes';
import { notificationsRoutes } from './modules/notifications/routes';
import { pushRoutes } from './modules/notifications/push-routes';
import { notificationsService } from './modules/notifications/service';

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

/** Builds the whole app from its dependencies; never listens (product.md#layout). */
/** The reads lower modules take from higher ones (context.ts UpwardReads), wired to their owners. */
const upwardReads: UpwardReads = {
  tradeCountsByAccount: (db, userId) => tradeFacts(db).countsByAccount(userId),
  outcomesByBroker: (db) => tradeFacts(db).outcomesByBroker(),
  tradeCountForSplit: (db, splitId) => tradeFacts(db).countForSplit(splitId),
  outcomesOnSplitByBroker: (db, splitId) => tradeFacts(db).outcomesOnSplitByBroker(splitId),
  cashInLieuOf: (db, userId, splitId) => tradeFacts(db).cashInLieuOf(userId, splitId),
  openTradeIds: openTradeIdsOf,
  confirmationsFor: (db, splits) => confirmationFacts(db).forSplits(splits),
};

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
    // `/%61pi/…` is `/api/…`: one path for the router and for every hook that reads req.url (issue 24 §5).
    rewriteUrl: (req) => normalizePath(req.url ?? '/'),
  }).withTypeProvider<ZodTypeProvider>();
  // Every route as registered (the fuzz test walks them all).
  const routeList: RouteSummary[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routeList.push({ method: String(method), url: r.url });
  });
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
    // Replaced below: the notifications service needs the finished context.
    notifier: noopNotifier,
    upward: upwardReads,
    ...channelAdapters(deps.database, config, (m) => app.log.info(m)),
    ...(deps.sms ? { sms: deps.sms } : {}),
    ...(deps.whatsapp ? { whatsapp: deps.whatsapp } : {}),
    ...(deps.discord ? { discord: deps.discord } : {}),
    ...(deps.push ? { push: deps.push } : {}),
  };
  // A pooled connection that fails is replaced by the pool; its request answers 503 (http/envelope).
  deps.database.onConnectionError = (err) => app.log.warn({ err }, 'database connection lost; the pool replaces it');
  // Split changes enqueue their notifications in the same transaction (modules/notifications).
  ctx.notifier = deps.notifier ?? notificationsService(ctx).notifier;
  app.decorate('ctx', ctx);

  await app.register(envelopePlugin);
  await app.register(inputGuardPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google Analytics 4 is allowed only when GA_MEASUREMENT_ID is set (gtag.js loaded from its own URL, no inline script).
        scriptSrc: ["'self'", ...(config.GA_MEASUREMENT_ID ? ['https://www.googletagmanager.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: [
          "'self'",
          ...(config.GA_MEASUREMENT_ID
            ? ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com']
            : []),
        ],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // HSTS only when the request really came over https (directly or via a trusted proxy).
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  await app.register(rateLimitPlugin, { redis, scale: config.RATE_LIMIT_SCALE });
  // Cache-Control defaults, public-list ETags and JSON compression; before the routes (it hooks onRoute).
  await app.register(cachingPlugin);
  await app.register(httpMetricsPlugin);

  await app.register(swagger, {
    openapi: {
      // 3.1: schemas are JSON Schema 2020-12, what zod converts to exactly (3.0's `nullable` cannot express a nullable enum).
      openapi: '3.1.0',
      info: { title: 'RoundUp API', version: '1.0.0', description: API_DESCRIPTION },
      tags: API_TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // Each operation names its own security: public ones none, token-enabled ones session or personal token.
    transform: openApiTransform({
      tokenScopeOf: (method, url) => Object.entries(TOKEN_ROUTES).find(([, routes]) => routes.includes(`${method} ${url}`))?.[0],
    }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('application/json').send(JSON.stringify(app.swagger())),
  );

  const auth = authService(ctx);
  app.addHook('onClose', () => auth.drain());
  const tokens = tokensService(ctx);
  await app.register(authPlugin, {
    resolve: (secret) => (secret.startsWith(TOKEN_PREFIX) ? tokens.resolve(secret) : auth.resolveSession(secret)),
    guard: tokens.guard,
  });
  await app.register(healthRoutes, { ctx });
  await app.register(authRoutes, { auth });
  await app.register(tokensRoutes, { tokens });
  await app.register(usersRoutes, { users: usersService(ctx), auth });
  await app.register(feedbackRoutes, { ctx });
  await app.register(billingRoutes, { ctx });
  await app.register(affiliatesRoutes, { ctx });
  await app.register(accountsRoutes, { ctx });
  await app.register(accountGroupsRoutes, { groups: { db: ctx.database.db } });
  await app.register(addManyAccountsRoutes, { deps: { db: ctx.database.db, upward: ctx.upward } });
  await app.register(tradesRoutes, { ctx });
  await app.register(importsRoutes, { ctx });
  await app.register(analyticsRoutes, { ctx });
  // The splits change signal and service are shared: the review queue's accept writes splits too.
  const live = await startSplitsLive(ctx.database, ctx.log);
  app.addHook('onClose', () => live.close());
  const splits = splitsService(ctx, live);
  await app.register(splitsRoutes, { ctx, live, service: splits });
  const discovery = discoveryService(ctx);
  app.addHook('onClose', () => discovery.close());
  await app.register(discoveryRoutes, { ctx, discovery, splits });
  await app.register(confirmationsRoutes, { ctx, confirmations: confirmationsService(ctx) });
  await app.register(outboxRoutes, { ctx });
  await app.register(brokersRoutes, { ctx });
  await app.register(faqsRoutes, { ctx });
  await app.register(adminRoutes, { ctx, auth });
  await app.register(pageViewsRoutes, { ctx });
  await app.register(notificationsRoutes, { ctx });
  await app.register(pushRoutes, { ctx });
  await app.register(commsRoutes, { ctx });

  const webDist = deps.webDist === undefined ? DEFAULT_WEB_DIST : deps.webDist;
  const faqs = faqsService(ctx);
  // /faq is rendered with the published FAQs (decision 015): read on each load, so every replica shows an admin's change.
  await registerWeb(app, { webDist, appUrl: config.appUrl, publishedFaqs: () => faqs.list() });

  return app;
}

export interface RouteSummary {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    routeList: RouteSummary[];
  }
}
