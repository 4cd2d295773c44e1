import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commissionsResponse,
  markCommissionsPaidRequest,
  markCommissionsPaidResponse,
  referralSchema,
  uuidId,
} from '@roundup/shared';
import { requireAdmin, requireUser } from '../../http/auth';
import { answers } from '../../http/openapi';
import type { AffiliatesService } from './service';

const userParams = z.object({ userId: uuidId('Not a user id') });

export const affiliatesRoutes: FastifyPluginAsyncZod<{ affiliates: AffiliatesService }> = async (
  app,
  { affiliates: service },
) => {
  /** product.md#api: data.referrals[] (the tab splits them by role: User = Starter, Member/Pro = Pro). */
  app.get(
    '/api/affiliates/referrals',
    {
      schema: {
        tags: ['affiliates'],
        summary: 'Members you referred',
        response: answers(z.object({ referrals: z.array(referralSchema) })),
      },
    },
    async (req) => ({
      referrals: await service.referrals(requireUser(req).user.id),
    }),
  );

  app.get(
    '/api/affiliates/commissions',
    { schema: { tags: ['affiliates'], summary: 'Your referral commissions', response: answers(commissionsResponse) } },
    async (req) => service.commissions(requireUser(req).user.id),
  );

  app.get(
    '/api/affiliates/admin/:userId/commissions',
    {
      schema: {
        tags: ['affiliates'],
        summary: "Admin: a member's commissions",
        params: userParams,
        response: answers(commissionsResponse),
      },
    },
    async (req) => {
      requireAdmin(req);
      return service.adminCommissions(req.params.userId);
    },
  );

  app.post(
    '/api/affiliates/admin/:userId/mark-paid',
    {
      schema: {
        tags: ['affiliates'],
        summary: "Admin: mark a member's pending commissions paid",
        params: userParams,
        body: markCommissionsPaidRequest,
        response: answers(markCommissionsPaidResponse),
      },
    },
    async (req) => {
      const { user } = requireAdmin(req);
      return service.markPaid(req.params.userId, req.body?.ids, user.id);
    },
  );
};
