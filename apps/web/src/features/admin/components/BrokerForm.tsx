import { BROKER_LIMITS, brokerInput, type Broker, type BrokerInputRaw } from '@roundup/shared/brokers';
import { roundUpStatusProblem } from '@roundup/shared/broker-rules';
import { RATING_MAX, SHARE_RETURN_TIMES } from '@roundup/shared/domain';
import { useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FieldError, invalidProps } from '../../../components/FieldError';
import { HtmlField } from './HtmlField';
import { checkFields, hasErrors, serverErrors, useFormErrors } from '../../../lib/form-errors';
import { BrokerRulesFields, brokerRulesValues, RULE_FIELDS, toBrokerRules, type BrokerRulesValues } from './BrokerRulesFields';

export type BrokerFormValues = {
  name: string;
  logo: string;
  headline: string;
  signupPromo: string;
  refLink: string;
  shareReturnTime: number;
  rating: number;
  fees: string;
  notes: string;
  fullReview: string;
  reviewBlurb: string;
  accountCash: boolean;
  accountMargin: boolean;
  accountTradIRA: boolean;
  accountRothIRA: boolean;
  disabled: boolean;
} & BrokerRulesValues;

const FIELDS = [
  'name',
  'logo',
  'headline',
  'signupPromo',
  'refLink',
  'shareReturnTime',
  'rating',
  'fees',
  'notes',
  'fullReview',
  'reviewBlurb',
  ...RULE_FIELDS,
];

export function brokerFormValues(b?: Broker): BrokerFormValues {
  return {
    name: b?.name ?? '',
    logo: b?.logo ?? '',
    headline: b?.headline ?? '',
    signupPromo: b?.signupPromo ?? '',
    refLink: b?.refLink ?? '',
    shareReturnTime: b?.shareReturnTime ?? 1,
    rating: b?.rating ?? 0,
    fees: b?.fees ?? '',
    notes: b?.notes ?? '',
    fullReview: b?.fullReview ?? '',
    reviewBlurb: b?.reviewBlurb ?? '',
    accountCash: b?.accountCash ?? false,
    accountMargin: b?.accountMargin ?? false,
    accountTradIRA: b?.accountTradIRA ?? false,
    accountRothIRA: b?.accountRothIRA ?? false,
    disabled: b?.disabled ?? false,
    ...brokerRulesValues(b),
  };
}

export function toBrokerInput(v: BrokerFormValues): BrokerInputRaw {
  const opt = (s: string) => (s.trim() === '' ? null : s);
  return {
    ...v,
    logo: opt(v.logo),
    headline: opt(v.headline),
    signupPromo: opt(v.signupPromo),
    fees: opt(v.fees),
    notes: opt(v.notes),
    fullReview: opt(v.fullReview),
    reviewBlurb: opt(v.reviewBlurb),
    ...toBrokerRules(v),
  };
}

const ACCOUNT_FIELDS = [
  ['accountCash', 'Cash'],
  ['accountMargin', 'Margin'],
  ['accountTradIRA', 'Traditional IRA'],
  ['accountRothIRA', 'Roth IRA'],
] as const;

/** Every Broker field of product.md#stored with its limits (rating 0–5, share return time 0–14). */
export function BrokerForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  extraActions,
}: {
  initial: BrokerFormValues;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: BrokerFormValues) => Promise<void>;
  extraActions?: ReactNode;
}) {
  const [v, setV] = useState(initial);
  const { errors, show, clear, clearField, dismiss, formRef } = useFormErrors();
  const set = <K extends keyof BrokerFormValues>(k: K, value: BrokerFormValues[K]) => {
    setV((prev) => ({ ...prev, [k]: value }));
    clearField(k);
  };
  /** Flags field `k` (control `id`) and ties its message to it. */
  const bad = (k: keyof BrokerFormValues, id: string) => invalidProps(errors.fields[k], id);
  const why = (k: keyof BrokerFormValues, id: string) => <FieldError id={id} error={errors.fields[k]} />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Every problem at once, beside its field (issue 14), with the server's own rules.
    const input = toBrokerInput(v);
    const problems = checkFields(brokerInput, input, FIELDS);
    const undated = roundUpStatusProblem({
      roundUpStatus: input.roundUpStatus ?? null,
      roundUpStatusDate: input.roundUpStatusDate ?? null,
    });
    if (undated) problems.fields.roundUpStatusDate ??= undated;
    if (hasErrors(problems)) return show(problems);
    clear();
    try {
      await onSubmit(v);
    } catch (err) {
      show(serverErrors(err, FIELDS));
    }
  }

  return (
    <Form onSubmit={(e) => void submit(e)} noValidate aria-label="Broker" ref={formRef}>
      <ErrorAlert messages={errors.other} onClose={dismiss} />
      <div className="row g-3">
        <Form.Group className="col-12 col-md-6" controlId="broker-name">
          <Form.Label>Name</Form.Label>
          <Form.Control
            value={v.name}
            onChange={(e) => set('name', e.target.value)}
            required
            maxLength={BROKER_LIMITS.name}
            {...bad('name', 'broker-name')}
          />
          {why('name', 'broker-name')}
        </Form.Group>
        <Form.Group className="col-12 col-md-6" controlId="broker-headline">
          <Form.Label>Headline</Form.Label>
          <Form.Control
            value={v.headline}
            onChange={(e) => set('headline', e.target.value)}
            maxLength={BROKER_LIMITS.headline}
            {...bad('headline', 'broker-headline')}
          />
          {why('headline', 'broker-headline')}
        </Form.Group>
        <Form.Group className="col-12 col-md-6" controlId="broker-reflink">
          <Form.Label>Referral link (Open an Account)</Form.Label>
          <Form.Control
            type="url"
            value={v.refLink}
            onChange={(e) => set('refLink', e.target.value)}
            required
            maxLength={BROKER_LIMITS.refLink}
            placeholder="https://"
            {...bad('refLink', 'broker-reflink')}
          />
          {why('refLink', 'broker-reflink')}
        </Form.Group>
        <Form.Group className="col-12 col-md-6" controlId="broker-logo">
          <Form.Label>Logo URL</Form.Label>
          <div className="d-flex align-items-center gap-2">
            <Form.Control
              value={v.logo}
              onChange={(e) => set('logo', e.target.value)}
              maxLength={BROKER_LIMITS.logo}
              placeholder="https://… or /brokers/name.svg"
              {...bad('logo', 'broker-logo')}
            />
            {/^(https?:\/\/|\/(?!\/))/.test(v.logo) ? (
              <img src={v.logo} alt="" className="ru-admin-logo border rounded bg-white" />
            ) : null}
          </div>
          {errors.fields.logo ? (
            <div id="broker-logo-error" className="invalid-feedback d-block">
              {errors.fields.logo}
            </div>
          ) : null}
        </Form.Group>
        <Form.Group className="col-6 col-md-3" controlId="broker-rating">
          <Form.Label>Rating</Form.Label>
          <Form.Select value={v.rating} onChange={(e) => set('rating', Number(e.target.value))}>
            {Array.from({ length: RATING_MAX + 1 }, (_, i) => (
              <option key={i} value={i}>
                {i} {i === 0 ? '(none)' : '$'.repeat(i)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-6 col-md-3" controlId="broker-srt">
          <Form.Label>Share return time</Form.Label>
          <Form.Select value={v.shareReturnTime} onChange={(e) => set('shareReturnTime', Number(e.target.value))}>
            {SHARE_RETURN_TIMES.map((d) => (
              <option key={d} value={d}>
                {d} {d === 1 ? 'day' : 'days'}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <fieldset className="col-12 col-md-6">
          <legend className="form-label fs-6 mb-2">Account types offered</legend>
          <div className="d-flex flex-wrap gap-3">
            {ACCOUNT_FIELDS.map(([key, label]) => (
              <Form.Check
                key={key}
                id={`broker-${key}`}
                type="checkbox"
                label={label}
                checked={v[key]}
                onChange={(e) => set(key, e.target.checked)}
              />
            ))}
          </div>
        </fieldset>
        <HtmlField
          id="broker-signup-promo"
          label="Sign-up promo"
          value={v.signupPromo}
          max={BROKER_LIMITS.html}
          error={errors.fields.signupPromo}
          onChange={(x) => set('signupPromo', x)}
        />
        <HtmlField
          id="broker-fees"
          label="Fees"
          value={v.fees}
          max={BROKER_LIMITS.html}
          error={errors.fields.fees}
          onChange={(x) => set('fees', x)}
        />
        <Form.Group className="col-12" controlId="broker-review-blurb">
          <Form.Label>Review blurb</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            value={v.reviewBlurb}
            onChange={(e) => set('reviewBlurb', e.target.value)}
            maxLength={BROKER_LIMITS.reviewBlurb}
            {...bad('reviewBlurb', 'broker-review-blurb')}
          />
          {why('reviewBlurb', 'broker-review-blurb')}
        </Form.Group>
        <HtmlField
          id="broker-full-review"
          label="Full review"
          value={v.fullReview}
          max={BROKER_LIMITS.fullReview}
          rows={6}
          error={errors.fields.fullReview}
          onChange={(x) => set('fullReview', x)}
        />
        <Form.Group className="col-12" controlId="broker-notes">
          <Form.Label>Internal notes</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            value={v.notes}
            onChange={(e) => set('notes', e.target.value)}
            maxLength={BROKER_LIMITS.notes}
            {...bad('notes', 'broker-notes')}
          />
          {why('notes', 'broker-notes')}
          <Form.Text>Only admins see notes.</Form.Text>
        </Form.Group>
        <BrokerRulesFields v={v} set={(k, value) => set(k, value as BrokerFormValues[typeof k])} errors={errors.fields} />
        <div className="col-12">
          <Form.Check
            type="switch"
            id="broker-disabled"
            label="Disabled (hidden from the brokers page)"
            checked={v.disabled}
            onChange={(e) => set('disabled', e.target.checked)}
          />
        </div>
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
