import { z } from 'zod';
import { FAQ_SORT_MAX } from './domain';

export const FAQ_LIMITS = { category: 50, question: 300, answer: 10_000 } as const;

/** What an admin sends to add or edit an FAQ (`newFaq`). The answer is HTML, sanitized by the server. */
export const faqInput = z.object({
  category: z
    .string({ error: 'Category is required' })
    .trim()
    .min(1, 'Category is required')
    .max(FAQ_LIMITS.category, `Category must be at most ${FAQ_LIMITS.category} characters`),
  question: z
    .string({ error: 'Question is required' })
    .trim()
    .min(1, 'Question is required')
    .max(FAQ_LIMITS.question, `Question must be at most ${FAQ_LIMITS.question} characters`),
  answer: z
    .string({ error: 'Answer is required' })
    .trim()
    .min(1, 'Answer is required')
    .max(FAQ_LIMITS.answer, `Answer must be at most ${FAQ_LIMITS.answer} characters`),
  sort: z
    .number({ error: `Sort must be a whole number from 0 to ${FAQ_SORT_MAX}` })
    .int(`Sort must be a whole number from 0 to ${FAQ_SORT_MAX}`)
    .min(0, `Sort must be a whole number from 0 to ${FAQ_SORT_MAX}`)
    .max(FAQ_SORT_MAX, `Sort must be a whole number from 0 to ${FAQ_SORT_MAX}`)
    .default(0),
});
export type FaqInput = z.infer<typeof faqInput>;

const idSchema = z.string({ error: 'id is required' }).trim().toLowerCase().min(1, 'id is required').max(64);

export const addFaqRequest = z.object({ newFaq: faqInput });
export const editFaqRequest = z.object({ newFaq: faqInput.extend({ _id: idSchema }) });
export const deleteFaqRequest = z.object({ id: idSchema });

/** An FAQ as the API returns it (product.md#stored field names). */
export const faqSchema = z.object({
  _id: z.string(),
  category: z.string(),
  question: z.string(),
  answer: z.string(),
  sort: z.number().int(),
  createdDate: z.string(),
});
export type Faq = z.infer<typeof faqSchema>;

/** FAQs ordered by `sort` (stable for equal sorts). */
export function orderFaqs(faqs: readonly Faq[]): Faq[] {
  return faqs
    .map((faq, i) => ({ faq, i }))
    .sort((a, b) => (a.faq.sort ?? 0) - (b.faq.sort ?? 0) || a.i - b.i)
    .map((x) => x.faq);
}
