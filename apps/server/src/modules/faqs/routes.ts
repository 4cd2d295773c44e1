import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addFaqRequest, deleteFaqRequest, editFaqRequest, faqSchema } from '@roundup/shared';
import { requireAdmin } from '../../http/auth';
import { PUBLIC_LIST_MAX_AGE } from '../../http/caching';
import { answers, notModified } from '../../http/openapi';
import type { faqsService } from './service';

/** Checks the admin before the body is validated, so others get 401/403, never a validation hint. */
const adminFirst = async (req: FastifyRequest) => {
  requireAdmin(req);
};

/** FAQs (product.md#api): public reads ordered by sort then creation; admin-only writes. */
export const faqsRoutes: FastifyPluginAsyncZod<{ faqs: ReturnType<typeof faqsService> }> = async (app, { faqs: service }) => {
  const tags = ['faqs'];

  app.get(
    '/api/faqs',
    {
      schema: {
        tags,
        summary: 'All FAQs (public)',
        security: [],
        response: { ...answers(z.object({ faqs: z.array(faqSchema) })), ...notModified },
      },
      config: { publicCache: PUBLIC_LIST_MAX_AGE },
    },
    async () => ({
      faqs: await service.list(),
    }),
  );

  app.get(
    '/api/faqs/category/:category',
    {
      schema: {
        tags,
        summary: 'FAQs of one category (public)',
        security: [],
        params: z.object({ category: z.string().max(50) }),
        response: answers(z.object({ faqs: z.array(faqSchema) })),
      },
    },
    async (req) => ({
      faqs: await service.byCategory(req.params.category),
    }),
  );

  app.get(
    '/api/faqs/:id',
    {
      schema: {
        tags,
        summary: 'One FAQ (public; also as a one-item list)',
        security: [],
        params: z.object({ id: z.string().max(64).toLowerCase() }),
        response: answers(z.object({ faq: faqSchema, faqs: z.array(faqSchema) })),
      },
    },
    async (req) => {
      const faq = await service.get(req.params.id);
      // product.md#api lists data.faqs for this call too: both shapes are sent.
      return { faq, faqs: [faq] };
    },
  );

  app.post(
    '/api/faqs/add',
    {
      schema: { tags, summary: 'Admin: add an FAQ', body: addFaqRequest, response: answers(z.object({ faq: faqSchema })) },
      preValidation: adminFirst,
    },
    async (req) => {
      const { user } = requireAdmin(req);
      return { faq: await service.add(user.id, req.body.newFaq) };
    },
  );

  app.post(
    '/api/faqs/edit',
    {
      schema: { tags, summary: 'Admin: edit an FAQ', body: editFaqRequest, response: answers(z.object({ faq: faqSchema })) },
      preValidation: adminFirst,
    },
    async (req) => {
      const { user } = requireAdmin(req);
      const { _id, ...input } = req.body.newFaq;
      return { faq: await service.edit(user.id, _id, input) };
    },
  );

  app.post(
    '/api/faqs/delete',
    {
      schema: {
        tags,
        summary: 'Admin: delete an FAQ',
        body: deleteFaqRequest,
        response: answers(z.object({ deleted: z.object({ _id: z.string() }) })),
      },
      preValidation: adminFirst,
    },
    async (req) => {
      const { user } = requireAdmin(req);
      return { deleted: await service.remove(user.id, req.body.id) };
    },
  );
};
