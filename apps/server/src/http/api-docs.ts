import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { openApiTransform, type OpenApiTransformOptions } from './openapi';
import { API_DESCRIPTION, API_TAGS, SECURITY_SCHEMES } from './openapi-document';

/** The OpenAPI document of every route registered after this (/api/openapi.json) and its pages (/api/docs). */
export async function registerApiDocs(app: FastifyInstance, transform: OpenApiTransformOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      // 3.1: schemas are JSON Schema 2020-12, what zod converts to exactly (3.0's `nullable` cannot express a nullable enum).
      openapi: '3.1.0',
      info: { title: 'RoundUp API', version: '1.0.0', description: API_DESCRIPTION },
      tags: API_TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: openApiTransform(transform),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('application/json').send(JSON.stringify(app.swagger())),
  );
}
