import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { isWellFormedText } from '@roundup/shared';
import { AppError } from './app-error';

export const NUL_MESSAGE = 'Text must not contain NUL characters (\\u0000). Remove them and try again.';
export const NOT_UNICODE_MESSAGE =
  'Text is not valid Unicode: it holds half of a character (a lone surrogate). Type it again and try again.';
export const NOT_UTF8_MESSAGE = 'The request body is not valid UTF-8. Send text encoded as UTF-8.';

const hasNul = (text: string) => text.includes('\u0000');
const notUnicode = (text: string) => !isWellFormedText(text);

/** Where in a parsed body, query or params a string (or key) is `bad`; null when none. */
export function findText(value: unknown, bad: (text: string) => boolean, path = '', depth = 0): string | null {
  if (typeof value === 'string') return bad(value) ? path || '(value)' : null;
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findText(value[i], bad, path ? `${path}.${i}` : String(i), depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (bad(k)) return path || '(key)';
    const hit = findText(v, bad, here, depth + 1);
    if (hit) return hit;
  }
  return null;
}

/** Where in a parsed body, query or params a string (or key) holds a NUL byte; null when none. */
export const findNul = (value: unknown): string | null => findText(value, hasNul);

const named = (message: string, where: string) =>
  where === '(value)' || where === '(key)' ? message : message.replace('Text', where);

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * PostgreSQL refuses NUL in text, so a NUL anywhere in the input would surface as a 500 deep in a
 * repo; a lone surrogate, or bytes that are not UTF-8, would be stored as U+FFFD and the member's
 * text lost without a word. One hook refuses both for every route (body, query string and path
 * params) before validation, with a 400 naming the field, and the JSON parser reads bodies as
 * strict UTF-8 (the default one silently replaces bad bytes).
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(new AppError('BAD_REQUEST', NOT_UTF8_MESSAGE, {}), undefined);
      return;
    }
    parseJson(req, text, done);
  });
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const nul = findNul(part);
      if (nul) throw new AppError('BAD_REQUEST', named(NUL_MESSAGE, nul), {});
      const half = findText(part, notUnicode);
      if (half) throw new AppError('BAD_REQUEST', named(NOT_UNICODE_MESSAGE, half), {});
    }
  });
});
