import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pushDeviceSchema,
  pushDevicesResponse,
  pushKeyResponse,
  pushSubscribeRequest,
  pushUnsubscribeRequest,
} from '@roundup/shared';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { answers } from '../../http/openapi';
import { listPushDevices } from './list-push-devices';
import { subscribePush } from './subscribe-push';
import { unsubscribePush } from './unsubscribe-push';

/** Web push, the fifth alert channel (decision 026): a member's browsers, one by one. */
export const pushRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['notifications'];
  // Signed in first: an anonymous caller learns nothing about what a valid body looks like.
  const signedIn = async (req: FastifyRequest) => {
    requireUser(req);
  };

  app.get(
    '/api/notifications/push/key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key (the browser's applicationServerKey)",
        security: [],
        response: answers(pushKeyResponse),
      },
    },
    async () => ({ publicKey: ctx.config.vapid.publicKey }),
  );

  app.get(
    '/api/notifications/push/devices',
    { schema: { tags, summary: 'The browsers the member turned push alerts on in', response: answers(pushDevicesResponse) } },
    async (req) => listPushDevices(ctx, { userId: requireUser(req).user.id }),
  );

  app.post(
    '/api/notifications/push/subscribe',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Turn push alerts on in this browser (its PushSubscription)',
        body: pushSubscribeRequest,
        response: answers(pushDeviceSchema),
      },
    },
    async (req) =>
      subscribePush(ctx, { userId: requireUser(req).user.id, subscription: req.body, userAgent: req.headers['user-agent'] }),
  );

  app.post(
    '/api/notifications/push/unsubscribe',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Turn push alerts off in one of the member’s browsers',
        body: pushUnsubscribeRequest,
        response: answers(z.object({ removed: z.literal(true) })),
      },
    },
    async (req) => unsubscribePush(ctx, { userId: requireUser(req).user.id, endpoint: req.body.endpoint }),
  );
};
