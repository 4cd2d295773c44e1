import type { FaqInput } from '@roundup/shared/faqs';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useAdminFaq, useAdminFaqs, useDeleteFaq, useSaveFaq } from '../admin-api';
import { AdminEditFrame } from '../../../components/AdminEditFrame';
import { FaqForm, faqFormValues } from '../components/FaqForm';
import '../../../components/admin-kit.css';

/** /admin/faqs/add and /admin/faqs/view/:faqId. */
export function AdminFaqEditPage() {
  const { faqId } = useParams();
  const item = useAdminFaq(faqId);
  const faq = item.data;
  const { data: all } = useAdminFaqs();
  const categories = useMemo(() => [...new Set((all ?? []).map((f) => f.category))], [all]);
  const save = useSaveFaq();
  const del = useDeleteFaq();

  return (
    <AdminEditFrame<FaqInput>
      noun="FAQ"
      listPath="/admin/faqs"
      listLabel="All FAQs"
      id={faqId}
      item={item}
      heading={<h1 className="h3 fw-bold mb-4">{faqId ? 'Edit FAQ' : 'Add FAQ'}</h1>}
      save={(values) => save.mutateAsync({ ...values, ...(faqId ? { _id: faqId } : {}) })}
      saving={save.isPending}
      remove={() => del.mutateAsync(faqId ?? '')}
      deleteQuestion={
        <>
          Delete “<strong>{faq?.question}</strong>”? This cannot be undone.
        </>
      }
    >
      {(form) => <FaqForm key={faq?._id ?? 'new'} initial={faqFormValues(faq)} categories={categories} {...form} />}
    </AdminEditFrame>
  );
}
