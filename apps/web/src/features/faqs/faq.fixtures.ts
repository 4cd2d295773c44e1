import type { Faq } from '@roundup/shared/faqs';

/** A stored FAQ in the General category for tests. */
export const faq = (id: string, sort: number, question: string, answer = `<p>Answer ${id}</p>`): Faq => ({
  _id: id,
  category: 'General',
  question,
  answer,
  sort,
  createdDate: '2026-01-01T00:00:00.000Z',
});
