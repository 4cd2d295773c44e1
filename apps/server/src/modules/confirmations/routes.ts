import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONFIRMATION_STATES, confirmationHistorySchema, resolveConflictRequest, uuidId } from '@roundup/shared';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth';
import { answers } from '../../http/openapi';
import type { ConfirmationsService } from './service';

const adminFirst = async (req: FastifyRequest) => {
  requireAdmin(req);
};

/** The admins' side of split confirmation (decision 022): resolve a conflict, read the history, poll now. */
export const confirmationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; confirmations: ConfirmationsService }> = async (
  app,
  { ctx, confirmations },
) => {
  const tags = ['confirmations'];

  app.post(
    '/api/admin/confirmations/resolve',
    {
      preValidation: adminFirst,
      schema: {
        tags,
        summary: "Resolve a split's conflict: keep its terms against the sources that disagree (history kept)",
        body: resolveConflictRequest,
        response: answers(z.object({ state: z.enum(CONFIRMATION_STATES) })),
      },
    },
    async (req) => ({
      state: await confirmations.resolve({ ...req.body, actorId: requireAdmin(req).user.id }),
    }),
  );

  app.get(
    '/api/admin/confirmations/:splitId',
    {
      preValidation: adminFirst,
      schema: {
        tags,
        summary: "A split's confirmation history: sightings, conflicts, confirmation, resolutions",
        params: z.object({ splitId: uuidId('Unknown split') }),
        response: answers(confirmationHistorySchema),
      },
    },
    async (req) => confirmations.history(req.params.splitId),
  );

  app.post(
    '/api/admin/confirmations/poll',
    {
      preValidation: adminFirst,
      schema: {
        tags,
        summary: 'Read the exchange lists now',
        response: answers(
          z.object({
            enabled: z.boolean(),
            entries: z.number().int(),
            matched: z.number().int(),
            errors: z.array(z.string()),
          }),
        ),
      },
    },
    async () => {
      if (!confirmations.enabled) return { enabled: false, entries: 0, matched: 0, errors: [] };
      const r = await confirmations.runPoll({ slot: `manual-${ctx.clock().toISOString()}` });
      return {
        enabled: true,
        entries: r?.entries ?? 0,
        matched: r?.matched ?? 0,
        errors: r?.errors ?? ['Another poll is running'],
      };
    },
  );
};
