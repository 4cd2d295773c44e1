import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementAudience,
  announcementAudienceQuery,
  smsAudienceQuery,
  smsAudienceResponse,
  communicationSchema,
  sendAnnouncementRequest,
  sendAnnouncementResult,
  sendSmsRequest,
  sendSmsResult,
} from '@roundup/shared';
import { requireAdmin } from '../../http/auth';
import { limit } from '../../http/rate-limit';
import { answers } from '../../http/openapi';
import type { commsService } from './service';

/** Checks the admin before the input is validated, so others get 401/403, never a validation hint. */
const adminFirst = async (req: FastifyRequest) => {
  requireAdmin(req);
};

export const commsRoutes: FastifyPluginAsyncZod<{ comms: ReturnType<typeof commsService> }> = async (app, { comms: service }) => {
  app.get(
    '/api/comms',
    {
      schema: {
        tags: ['comms'],
        summary: 'Admin: SMS and announcements sent',
        response: answers(z.object({ comms: z.array(communicationSchema) })),
      },
    },
    async (req) => {
      requireAdmin(req);
      return { comms: await service.list() };
    },
  );

  app.post(
    '/api/comms/send-sms',
    {
      schema: {
        tags: ['comms'],
        summary: 'Admin: text All or Pro members',
        body: sendSmsRequest,
        response: answers(sendSmsResult),
      },
      preValidation: adminFirst,
      config: limit(30, '15 minutes'),
    },
    async (req) => {
      const principal = requireAdmin(req);
      return service.sendSms(principal, req.body);
    },
  );

  // Asked before "Send SMS" sends: how many members the message reaches.
  app.get(
    '/api/comms/sms-audience',
    {
      schema: {
        tags: ['comms'],
        summary: 'Admin: how many members an SMS would reach now',
        querystring: smsAudienceQuery,
        response: answers(smsAudienceResponse),
      },
      preValidation: adminFirst,
    },
    async (req) => {
      requireAdmin(req);
      return service.smsAudience(req.query.audience);
    },
  );

  // Beyond product.md#api: announcements (general or newsletter) to the members who opted in.
  app.get(
    '/api/comms/audience',
    {
      schema: {
        tags: ['comms'],
        summary: 'Admin: who an announcement would reach now',
        querystring: announcementAudienceQuery,
        response: answers(announcementAudience),
      },
      preValidation: adminFirst,
    },
    async (req) => {
      requireAdmin(req);
      return service.announcementAudience(req.query.kind);
    },
  );

  app.post(
    '/api/comms/send-announcement',
    {
      schema: {
        tags: ['comms'],
        summary: 'Admin: send an announcement or newsletter (idempotent per requestId)',
        body: sendAnnouncementRequest,
        response: answers(sendAnnouncementResult),
      },
      preValidation: adminFirst,
      config: limit(30, '15 minutes'),
    },
    async (req) => {
      const principal = requireAdmin(req);
      return service.sendAnnouncement(principal, req.body);
    },
  );
};
