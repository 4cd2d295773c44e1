import { createHash } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * What caches may keep (docs/decisions/017-http-caching-and-operations.md):
 * - API answers are `no-store` unless the route says otherwise (they are per member);
 * - a route with `config: { publicCache: seconds }` is a public list: `public, max-age=N` with an ETag for
 *   visitors (`private, no-cache` for signed-in callers), and `If-None-Match` answers 304 — unless its
 *   handler already chose a Cache-Control (e.g. for an admin);
 * - JSON above 1 KB is compressed (br, else gzip) when the client accepts it. Routes that hold their own
 *   pre-compressed bytes (GET /api/rs) opt out with `compress: false`.
 */
export const PUBLIC_LIST_MAX_AGE = 60;

/** A strong ETag for a body. */
export function etagOf(body: string | Buffer, prefix = ''): string {
  return `"${prefix}${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** Whether an If-None-Match header names this ETag (weak comparison, `*` included). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));
}

export const cachingPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.url.startsWith('/api/')) return payload;
    const maxAge = reply.routeOptions.config?.publicCache;
    if (maxAge !== undefined && reply.statusCode === 200 && !reply.hasHeader('cache-control')) {
      if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
        const etag = etagOf(payload);
        // Signed-in callers (an admin who just edited a FAQ) revalidate every time instead of reusing a copy.
        const policy = req.principal ? 'private, no-cache' : `public, max-age=${maxAge}`;
        reply.header('cache-control', policy).header('etag', etag).header('vary', 'accept-encoding');
        if (etagMatches(req.headers['if-none-match'], etag)) {
          reply.code(304).removeHeader('content-length');
          return '';
        }
        return payload;
      }
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Seconds a public list may be cached by browsers and CDNs (with an ETag). */
    publicCache?: number;
  }
}
