import { FAQ_CATEGORIES, FAQ_SORT_MAX } from '@roundup/shared/domain';
import { FAQ_LIMITS, faqInput, type Faq, type FaqInput } from '@roundup/shared/faqs';
import { AdminField, AdminFormFrame, AdminSelect, useAdminForm, type AdminFormProps } from '../../../components/AdminForm';
import { HtmlField } from '../../../components/HtmlField';
import { checkFields } from '../../../lib/form-errors';

const FIELDS = ['category', 'question', 'answer', 'sort'];

const SORTS = Array.from(
  { length: FAQ_SORT_MAX + 1 },
  (_, i) => [i, `${i}${i === 0 ? ' (first)' : i === FAQ_SORT_MAX ? ' (last)' : ''}`] as const,
);

export function faqFormValues(f?: Faq): FaqInput {
  return { category: f?.category ?? 'General', question: f?.question ?? '', answer: f?.answer ?? '', sort: f?.sort ?? 0 };
}

/** Every FAQ field of product.md#stored (category, question, answer as HTML, sort 0–5). */
export function FaqForm({ categories, ...props }: AdminFormProps<FaqInput> & { categories: readonly string[] }) {
  // Every problem at once, beside its field, with the server's own rules.
  const { v, set: put, errors, frame, formRef } = useAdminForm(props, (values) => checkFields(faqInput, values, FIELDS), FIELDS);
  const options = [...new Set([...FAQ_CATEGORIES, ...categories])];
  /** A required text field's limit and problem. */
  const rules = (k: 'category' | 'question') => ({ required: true, maxLength: FAQ_LIMITS[k], error: errors.fields[k] });

  return (
    <AdminFormFrame label="FAQ" frame={frame} formRef={formRef}>
      <AdminField
        id="faq-category"
        label="Category"
        className="col-12 col-md-8"
        list="faq-category-options"
        value={v.category}
        onChange={(x) => put('category', x)}
        {...rules('category')}
        help="Pick one or type a new category. The affiliate tab shows “Affiliate”."
      >
        <datalist id="faq-category-options">
          {options.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </AdminField>
      <AdminSelect
        id="faq-sort"
        label="Sort"
        className="col-12 col-md-4"
        value={v.sort}
        onChange={(x) => put('sort', Number(x))}
        error={errors.fields.sort}
        options={SORTS}
      />
      <AdminField
        id="faq-question"
        label="Question"
        value={v.question}
        onChange={(x) => put('question', x)}
        {...rules('question')}
      />
      <HtmlField
        id="faq-answer"
        label="Answer"
        value={v.answer}
        max={FAQ_LIMITS.answer}
        rows={8}
        required
        error={errors.fields.answer}
        onChange={(x) => put('answer', x)}
      />
    </AdminFormFrame>
  );
}
