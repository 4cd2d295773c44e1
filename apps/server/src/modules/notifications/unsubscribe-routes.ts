import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, NOTIFICATION_KEYS, okEnvelope } from '@roundup/shared';
import { badRequest } from '../../http/app-error';
import { limit } from '../../http/rate-limit';
import { textAnswer } from '../../http/openapi';
import type { NotificationsService } from './service';
import { confirmPage, donePage, errorPage, LINK_PROBLEM } from './unsubscribe-page';

// Unsubscribe (sealed token, no sign-in), mounted by routes.ts in its own scope. One URL, the one in
// the List-Unsubscribe header: GET shows a confirmation page and changes nothing (mail scanners prefetch links); POST unsubscribes
// (RFC 8058 one-click: `List-Unsubscribe=One-Click` as a form body, or the page's button).
// Form bodies are accepted in this scope only; every other route stays JSON-only.
export const unsubscribeRoutes: FastifyPluginAsyncZod<{
  notifications: Pick<NotificationsService, 'checkUnsubscribe' | 'unsubscribe'>;
}> = async (scope, { notifications: service }) => {
  const formBody = (_req: unknown, body: string, done: (err: Error | null, body?: unknown) => void) =>
    done(null, Object.fromEntries(new URLSearchParams(body)));
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, formBody);
  // RFC 8058 also allows multipart/form-data; the body carries nothing we need beyond the URL's token.
  scope.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) =>
    done(null, {}),
  );

  const query = z.object({ token: z.unknown().optional() });
  // Mail providers send every member's one-click POST from a few addresses: a generous per-IP limit.
  const rate = limit(600, '15 minutes');
  const path = '/api/notifications/unsubscribe';
  const actionOf = (url: string) => `${path}?${url.split('?')[1] ?? ''}`;

  const linkDoc = 'The link in every alert email (sealed `token`, no sign-in needed; spent once used).';
  scope.get(
    path,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Unsubscribe link: a confirmation page (changes nothing)',
        description: linkDoc,
        security: [],
        querystring: query,
        response: textAnswer('text/html', 'The confirmation page (400: an expired or invalid link, also a page)', {
          400: {
            description: 'An expired or invalid link (an HTML page)',
            content: { 'text/html': { schema: { type: 'string' } } },
          },
        }),
      },
      config: rate,
    },
    async (req, reply) => {
      const check = await service.checkUnsubscribe((req.query as { token?: unknown }).token);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!check.ok) return reply.status(400).send(errorPage(check.reason));
      return reply.send(confirmPage(check.pref, actionOf(req.url)));
    },
  );

  scope.post(
    path,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Unsubscribe (RFC 8058 one-click): turns the linked setting off',
        description: `${linkDoc} Mail providers post \`List-Unsubscribe=One-Click\` as a form; a browser (Accept: text/html) gets a page, anyone else JSON.`,
        security: [],
        querystring: query,
        response: {
          200: {
            description: 'Unsubscribed: which setting was turned off (JSON), or a page for a browser',
            content: {
              'application/json': { schema: okEnvelope(z.object({ unsubscribed: z.enum(NOTIFICATION_KEYS) })) },
              'text/html': { schema: { type: 'string' } },
            },
          },
          '4xx': errorEnvelopeSchema,
          '5xx': errorEnvelopeSchema,
        },
      },
      config: rate,
    },
    async (req, reply) => {
      const done = await service.unsubscribe((req.query as { token?: unknown }).token);
      const browser = String(req.headers.accept ?? '').includes('text/html');
      if (browser) {
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        return done.ok ? reply.send(donePage(done.pref)) : reply.status(400).send(errorPage(done.reason));
      }
      if (!done.ok) throw badRequest(LINK_PROBLEM[done.reason].msg);
      return { unsubscribed: done.pref };
    },
  );
};
