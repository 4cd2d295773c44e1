import type { Faq, FaqInput } from '@roundup/shared/faqs';
import { adminCrud } from '../../lib/admin-crud';

/** The admin FAQ screens' hooks: every FAQ, one FAQ, save and delete. */
const faqs = adminCrud<Faq, FaqInput>({ one: 'faq', many: 'faqs', publicKey: 'faqs' });

export const useAdminFaqs = faqs.useList;
export const useAdminFaq = faqs.useOne;
export const useSaveFaq = faqs.useSave;
export const useDeleteFaq = faqs.useDelete;
