import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { followPipelineRequest, followPipelineResponse, pipelineListResponse } from '@roundup/shared';
import { requireUser } from '../../http/auth';
import { answers } from '../../http/openapi';
import type { SplitsService } from './service';

/**
 * The pipeline of splits not dated yet (decision 032), and following an entry of its deficiency
 * watchlist: one alert when the issuer files for a split.
 */
export const pipelineRoutes: FastifyPluginAsyncZod<{ service: SplitsService }> = async (app, { service }) => {
  app.get(
    '/api/rs/pipeline',
    {
      schema: {
        tags: ['splits'],
        summary:
          'Splits not dated yet: a bid-price deficiency notice (the watchlist), proposed, approved without a date, vote failed, postponed, cancelled',
        description: [
          'Pro members and admins get each entry whole: the filing link, its acceptance time, the sentence that decided',
          'the rounding and the issuer’s earlier splits. Starter members get masked entries (stage and asterisks, a',
          'placeholder id), like any upcoming split (decision 032). Signed-in callers only, like GET /api/rs.',
        ].join(' '),
        response: answers(pipelineListResponse),
      },
    },
    async (req) => {
      const p = requireUser(req);
      return { entries: await service.pipeline(p.user.role, p.user.id) };
    },
  );

  for (const [path, follow] of [
    ['/api/rs/pipeline/follow', true],
    ['/api/rs/pipeline/unfollow', false],
  ] as const)
    app.post(
      path,
      {
        schema: {
          tags: ['splits'],
          summary: follow
            ? 'Follow a pipeline entry (the deficiency watchlist): one alert when the issuer files for a split; Pro only'
            : 'Stop following a pipeline entry',
          body: followPipelineRequest,
          response: answers(followPipelineResponse),
        },
      },
      async (req) => {
        const p = requireUser(req);
        return service.follow({ viewer: p.user.role, userId: p.user.id, id: req.body.id, follow });
      },
    );
};
