import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deliveryListResponse,
  deliveryStatusQuery,
  remindersPreviewResponse,
  sendRemindersResponse,
  uuidId,
} from '@roundup/shared';
import { requireAdmin } from '../../http/auth';
import { answers } from '../../http/openapi';
import type { NotificationsService } from './service';
import { unsubscribeRoutes } from './unsubscribe-routes';

export const REMINDERS_SENT = 'Reminders sent for todays tickers';

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications: service },
) => {
  // What the reminders button would send, asked before it sends: today's tickers, the members reached, the close.
  app.get(
    '/api/rs/send-update/preview',
    {
      schema: {
        tags: ['notifications'],
        summary: "Admin: who today's buy reminders would reach, and whether the buy-by deadline has passed",
        response: answers(remindersPreviewResponse),
      },
    },
    async (req) => {
      requireAdmin(req);
      return service.todayReminders();
    },
  );

  // The admin reminders button (product.md#screens admin, product.md#messages): today's buy and sell reminders, now.
  app.get(
    '/api/rs/send-update',
    {
      schema: {
        tags: ['notifications'],
        summary: "Admin: queue today's buy and sell reminders now",
        response: answers(sendRemindersResponse),
      },
    },
    async (req) => {
      const { user } = requireAdmin(req);
      const r = await service.sendToday(user.id);
      return { msg: REMINDERS_SENT, ...r };
    },
  );

  app.get(
    '/api/notifications/deliveries',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Admin: notification deliveries, newest first',
        querystring: deliveryStatusQuery,
        response: answers(deliveryListResponse),
      },
    },
    async (req) => {
      requireAdmin(req);
      return service.deliveries(req.query.status);
    },
  );

  app.post(
    '/api/notifications/deliveries/:id/retry',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Admin: send a failed delivery again',
        params: z.object({ id: uuidId() }),
        response: answers(z.object({ status: z.literal('queued') })),
      },
    },
    async (req) => {
      const { user } = requireAdmin(req);
      await service.retry(req.params.id, user.id);
      return { status: 'queued' as const };
    },
  );

  // Unsubscribe (signed token, no sign-in): its own scope, the only one that accepts form bodies.
  await app.register(unsubscribeRoutes, { notifications: service });
};
