import type { Faq, FaqInput } from '@roundup/shared';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../http/app-error';
import { sanitizeRichText } from '../../lib/rich-text';
import { recordAudit } from '../audit/service';
import { isUuid } from '../../lib/ids';
import { faqsRepo, type FaqRow, type FaqValues } from './repo';

export function toFaq(r: FaqRow): Faq {
  return {
    _id: r.id,
    category: r.category,
    question: r.question,
    answer: r.answer,
    sort: r.sort,
    createdDate: r.createdAt.toISOString(),
  };
}

/** The answer is admin-written HTML: sanitized on save with the allow-list. */
function toValues(input: FaqInput): FaqValues {
  const answer = sanitizeRichText(input.answer);
  if (answer === '') throw badRequest('Answer is required (it was empty after removing unsafe HTML)');
  return { category: input.category, question: input.question, answer, sort: input.sort };
}

export function faqsService(ctx: AppContext) {
  const db = ctx.database.db;
  const repo = faqsRepo(db);
  return {
    list: async () => (await repo.list()).map(toFaq),
    byCategory: async (category: string) => (await repo.byCategory(category)).map(toFaq),
    async get(id: string): Promise<Faq> {
      const row = isUuid(id) ? await repo.byId(id) : undefined;
      if (!row) throw notFound('FAQ not found');
      return toFaq(row);
    },
    async add(actorId: string, input: FaqInput): Promise<Faq> {
      const values = toValues(input);
      return db.transaction(async (tx) => {
        const row = await faqsRepo(tx).insert(values);
        await recordAudit(tx, {
          actorId,
          action: 'faq.add',
          targetType: 'faq',
          targetId: row.id,
          details: { question: row.question },
        });
        return toFaq(row);
      });
    },
    async edit(actorId: string, id: string, input: FaqInput): Promise<Faq> {
      if (!isUuid(id)) throw notFound('FAQ not found');
      const values = toValues(input);
      return db.transaction(async (tx) => {
        const r = faqsRepo(tx);
        const before = await r.byId(id);
        if (!before) throw notFound('FAQ not found');
        const row = await r.update(id, values);
        if (!row) throw notFound('FAQ not found');
        const changed = (Object.keys(values) as (keyof FaqValues)[]).filter((k) => before[k] !== values[k]);
        await recordAudit(tx, {
          actorId,
          action: 'faq.edit',
          targetType: 'faq',
          targetId: id,
          details: { question: row.question, changed },
        });
        return toFaq(row);
      });
    },
    async remove(actorId: string, id: string): Promise<{ _id: string }> {
      if (!isUuid(id)) throw notFound('FAQ not found');
      return db.transaction(async (tx) => {
        const row = await faqsRepo(tx).remove(id);
        if (!row) throw notFound('FAQ not found');
        await recordAudit(tx, {
          actorId,
          action: 'faq.delete',
          targetType: 'faq',
          targetId: id,
          details: { question: row.question },
        });
        return { _id: id };
      });
    },
  };
}
