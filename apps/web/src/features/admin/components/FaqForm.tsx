import { FAQ_CATEGORIES, FAQ_SORT_MAX } from '@roundup/shared/domain';
import { FAQ_LIMITS, faqInput, type Faq, type FaqInput } from '@roundup/shared/faqs';
import { useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FieldError, invalidProps } from '../../../components/FieldError';
import { SafeHtml } from '../../../components/SafeHtml';
import { checkFields, hasErrors, serverErrors, useFormErrors } from '../../../lib/form-errors';

const FIELDS = ['category', 'question', 'answer', 'sort'];

export function faqFormValues(f?: Faq): FaqInput {
  return { category: f?.category ?? 'General', question: f?.question ?? '', answer: f?.answer ?? '', sort: f?.sort ?? 0 };
}

/** Every FAQ field of product.md#stored (category, question, answer as HTML, sort 0–5). */
export function FaqForm({
  initial,
  categories,
  submitLabel,
  busy,
  onSubmit,
  extraActions,
}: {
  initial: FaqInput;
  categories: readonly string[];
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: FaqInput) => Promise<void>;
  extraActions?: ReactNode;
}) {
  const [v, setV] = useState(initial);
  const { errors, show, clear, clearField, dismiss, formRef } = useFormErrors();
  const options = [...new Set([...FAQ_CATEGORIES, ...categories])];
  const put = <K extends keyof FaqInput>(k: K, value: FaqInput[K]) => {
    setV((prev) => ({ ...prev, [k]: value }));
    clearField(k);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Every problem at once, beside its field (issue 14), with the server's own rules.
    const problems = checkFields(faqInput, v, FIELDS);
    if (hasErrors(problems)) return show(problems);
    clear();
    try {
      await onSubmit(v);
    } catch (err) {
      show(serverErrors(err, FIELDS));
    }
  }

  return (
    <Form onSubmit={(e) => void submit(e)} noValidate aria-label="FAQ" ref={formRef}>
      <ErrorAlert messages={errors.other} onClose={dismiss} />
      <div className="row g-3">
        <Form.Group className="col-12 col-md-8" controlId="faq-category">
          <Form.Label>Category</Form.Label>
          <Form.Control
            list="faq-category-options"
            value={v.category}
            onChange={(e) => put('category', e.target.value)}
            required
            maxLength={FAQ_LIMITS.category}
            {...invalidProps(errors.fields.category, 'faq-category')}
          />
          <FieldError id="faq-category" error={errors.fields.category} />
          <datalist id="faq-category-options">
            {options.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <Form.Text>Pick one or type a new category. The affiliate tab shows “Affiliate”.</Form.Text>
        </Form.Group>
        <Form.Group className="col-12 col-md-4" controlId="faq-sort">
          <Form.Label>Sort</Form.Label>
          <Form.Select
            value={v.sort}
            onChange={(e) => put('sort', Number(e.target.value))}
            {...invalidProps(errors.fields.sort, 'faq-sort')}
          >
            {Array.from({ length: FAQ_SORT_MAX + 1 }, (_, i) => (
              <option key={i} value={i}>
                {i}
                {i === 0 ? ' (first)' : i === FAQ_SORT_MAX ? ' (last)' : ''}
              </option>
            ))}
          </Form.Select>
          <FieldError id="faq-sort" error={errors.fields.sort} />
        </Form.Group>
        <Form.Group className="col-12" controlId="faq-question">
          <Form.Label>Question</Form.Label>
          <Form.Control
            value={v.question}
            onChange={(e) => put('question', e.target.value)}
            required
            maxLength={FAQ_LIMITS.question}
            {...invalidProps(errors.fields.question, 'faq-question')}
          />
          <FieldError id="faq-question" error={errors.fields.question} />
        </Form.Group>
        <Form.Group className="col-12" controlId="faq-answer">
          <Form.Label>Answer</Form.Label>
          <div className="row g-2">
            <div className="col-12 col-lg-6">
              <Form.Control
                as="textarea"
                rows={8}
                value={v.answer}
                onChange={(e) => put('answer', e.target.value)}
                required
                maxLength={FAQ_LIMITS.answer}
                className="font-monospace small"
                {...invalidProps(errors.fields.answer, 'faq-answer')}
              />
              <FieldError id="faq-answer" error={errors.fields.answer} />
              <Form.Text>
                HTML allowed: paragraphs, lists, bold, italics, links, tables. Scripts and event handlers are removed.
              </Form.Text>
            </div>
            <div className="col-12 col-lg-6">
              <div className="small text-body-secondary mb-1" aria-hidden="true">
                Preview
              </div>
              <div className="ru-admin-html small" role="region" aria-label="Answer preview">
                {v.answer.trim() ? <SafeHtml html={v.answer} /> : <span className="text-body-secondary">Nothing yet.</span>}
              </div>
            </div>
          </div>
        </Form.Group>
      </div>
      <div className="d-flex flex-wrap gap-2 mt-4">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </Button>
        {extraActions}
      </div>
    </Form>
  );
}
