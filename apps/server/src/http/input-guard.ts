import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

export const NUL_MESSAGE = 'Text must not contain NUL characters (\\u0000). Remove them and try again.';

/** Where in a parsed body, query or params a string (or key) holds a NUL byte; null when none. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(value)' : null;
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (k.includes('\u0000')) return path || '(key)';
    const hit = findNul(v, here, depth + 1);
    if (hit) return hit;
  }
  return null;
}

/**
 * PostgreSQL refuses NUL in text, so a NUL anywhere in the input would surface as a 500 deep in a
 * repo. One hook refuses it for every route (body, query string and path params) before
 * validation, with a 400 naming the field.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const where = findNul(part);
      if (where) {
        throw new AppError(
          'BAD_REQUEST',
          NUL_MESSAGE.replace('Text', where === '(value)' || where === '(key)' ? 'Text' : `${where}`),
          {},
        );
      }
    }
  });
});
