import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { httpDuration, httpRequests } from '../lib/metrics';

/** Request count and latency by route pattern (never the raw URL: ids and secrets stay out of labels). */
export const httpMetricsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'not_found';
    const labels = { method: req.method, route, status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
});
