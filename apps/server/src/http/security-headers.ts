import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer: helmet's, with the content security policy the web app needs, and
 * HSTS only when the request really came over https (directly or via a trusted proxy).
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { gaMeasurementId?: string }): Promise<void> {
  const ga = Boolean(opts.gaMeasurementId);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google Analytics 4 is allowed only when GA_MEASUREMENT_ID is set (gtag.js loaded from its own URL, no inline script).
        scriptSrc: ["'self'", ...(ga ? ['https://www.googletagmanager.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: [
          "'self'",
          ...(ga ? ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'] : []),
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
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
