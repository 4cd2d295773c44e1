import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deliveryStatusQuery } from '@roundup/shared';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth';
import { limit } from '../../http/rate-limit';
import { notificationsService } from './service';

export const REMINDERS_SENT = 'Reminders sent for todays tickers';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.4rem">${title}</h1><p>${body}</p><p><a href="/settings">Notification settings</a></p></body></html>`;

const PREF_LABEL: Record<string, string> = {
  rsa: 'new reverse split alerts',
  upcomingRsa: 'upcoming reverse split alerts',
  buyReminderRsa: 'buy reminders',
  sellRsa: 'sell reminders',
  generalRsa: 'general announcements',
  newsletter: 'the newsletter',
};

export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = notificationsService(ctx);

  // The admin reminders button (SPEC §2 admin, §8): today's buy and sell reminders, now.
  app.get('/api/rs/send-update', { schema: { tags: ['notifications'] } }, async (req) => {
    requireAdmin(req);
    const r = await service.sendToday();
    return { msg: REMINDERS_SENT, ...r };
  });

  app.get('/api/notifications/deliveries', { schema: { tags: ['notifications'], querystring: deliveryStatusQuery } }, async (req) => {
    requireAdmin(req);
    return service.deliveries(req.query.status);
  });

  app.post('/api/notifications/deliveries/:id/retry', { schema: { tags: ['notifications'], params: z.object({ id: z.uuid() }) } }, async (req) => {
    requireAdmin(req);
    return service.retry(req.params.id);
  });

  // One-click unsubscribe (signed token, no sign-in): the link in the email and RFC 8058 List-Unsubscribe-Post.
  const tokenQuery = z.object({ token: z.string().min(10).max(300) });
  app.get('/api/notifications/unsubscribe', { schema: { tags: ['notifications'], querystring: tokenQuery }, config: limit(60, '15 minutes') }, async (req, reply) => {
    const pref = await service.unsubscribe(req.query.token);
    reply.type('text/html; charset=utf-8');
    if (!pref) return reply.status(400).send(page('Link not valid', 'This unsubscribe link is not valid. You can change your notifications in your settings.'));
    return reply.send(page('You are unsubscribed', `You will no longer receive ${PREF_LABEL[pref] ?? pref} by email.`));
  });
  app.post('/api/notifications/unsubscribe', { schema: { tags: ['notifications'], querystring: tokenQuery }, config: limit(60, '15 minutes') }, async (req) => {
    const pref = await service.unsubscribe(req.query.token);
    if (!pref) throw Object.assign(new Error('This unsubscribe link is not valid.'), { statusCode: 400 });
    return { unsubscribed: pref };
  });
};
