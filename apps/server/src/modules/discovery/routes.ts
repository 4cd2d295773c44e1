import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptPreviewSchema,
  acceptProposalRequest,
  discoveryListQuery,
  discoveryListResponse,
  pipelineEntrySchema,
  proposalSchema,
  publishPipelineRequest,
  rejectProposalRequest,
  splitSchema,
  todayInMarket,
} from '@roundup/shared';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth';
import { answers } from '../../http/openapi';
import { pipelineAudience } from './pipeline-audience';
import { publishPipeline } from './publish-pipeline';
import type { SplitWriter } from './review';
import { toProposal, type DiscoveryService } from './service';

const adminFirst = async (req: FastifyRequest) => {
  requireAdmin(req);
};

/** Asked before "Publish to pipeline" publishes: how many members will read the entry in full. */
const pipelineAudienceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/discoveries/pipeline/audience',
    {
      preValidation: adminFirst,
      schema: {
        tags: ['discovery'],
        summary: 'How many members read a pipeline entry in full now (paid members; Starter sees it masked)',
        response: answers(z.object({ recipients: z.number().int() })),
      },
    },
    async (req) => {
      requireAdmin(req);
      return pipelineAudience({ db: ctx.database.db });
    },
  );
};

/** The admin review queue of split proposals found in SEC filings (docs/discovery.md). Admin only. */
export const discoveryRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  discovery: DiscoveryService;
  splits: SplitWriter;
}> = async (app, { ctx, discovery, splits }) => {
  const tags = ['discovery'];
  const archives = ctx.config.EDGAR_ARCHIVES_URL.replace(/\/+$/, '');
  const view = (p: Parameters<typeof toProposal>[0]) => toProposal(p, null, archives, todayInMarket(ctx.clock()));

  app.get(
    '/api/admin/discoveries',
    {
      preValidation: adminFirst,
      schema: {
        tags,
        summary: 'Split proposals from SEC filings, newest first',
        querystring: discoveryListQuery,
        response: answers(discoveryListResponse),
      },
    },
    async (req) => discovery.list(req.query.status),
  );

  app.post(
    '/api/admin/discoveries/accept',
    {
      preValidation: adminFirst,
      schema: {
        tags,
        summary: 'Accept a proposal (optionally edited): creates or updates its split, source = the filing',
        body: acceptProposalRequest,
        response: answers(z.object({ proposal: proposalSchema, split: splitSchema })),
      },
    },
    async (req) => {
      const { proposal, split } = await discovery.accept(req.body, requireAdmin(req).user.id, splits);
      return { proposal: view(proposal), split };
    },
  );

  await app.register(pipelineAudienceRoutes, { ctx });

  app.post(
    '/api/admin/discoveries/pipeline',
    {
      preValidation: adminFirst,
      schema: {
        tags,
        summary: 'Publish an undated proposal to the members’ pipeline (proposed, approved, vote failed, postponed, cancelled)',
        body: publishPipelineRequest,
        response: answers(z.object({ entry: pipelineEntrySchema })),
      },
    },
    async (req) => ({
      entry: await publishPipeline(
        { db: ctx.database.db, archivesUrl: archives, notifier: ctx.notifier },
        { ...req.body, actorId: requireAdmin(req).user.id },
      ),
    }),
  );

  app.post(
    '/api/admin/discoveries/preview',
    {
      preValidation: adminFirst,
      schema: {
        tags,
        summary:
          'What accepting a proposal (optionally edited) would publish and alert, and why it would be refused; writes nothing',
        body: acceptProposalRequest,
        response: answers(acceptPreviewSchema),
      },
    },
    async (req) => discovery.preview(req.body, splits),
  );

  app.post(
    '/api/admin/discoveries/reject',
    {
      preValidation: adminFirst,
      schema: {
        tags,
        summary: 'Reject a proposal with a reason (kept as a regression case)',
        body: rejectProposalRequest,
        response: answers(z.object({ proposal: proposalSchema })),
      },
    },
    async (req) => ({ proposal: view(await discovery.reject(req.body.id, req.body.reason, requireAdmin(req).user.id)) }),
  );
};
