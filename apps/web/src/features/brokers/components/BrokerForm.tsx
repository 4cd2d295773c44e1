import { BROKER_LIMITS, brokerInput, type Broker, type BrokerInputRaw } from '@roundup/shared/brokers';
import { roundUpStatusProblem } from '@roundup/shared/broker-rules';
import { RATING_MAX, SHARE_RETURN_TIMES } from '@roundup/shared/domain';
import Form from 'react-bootstrap/Form';
import { invalidProps } from '../../../components/FieldError';
import { HtmlField } from '../../../components/HtmlField';
import { checkFields, type FormErrors } from '../../../lib/form-errors';
import { AdminField, AdminFormFrame, AdminSelect, useAdminForm, type AdminFormProps } from '../../../components/AdminForm';
import { BrokerRulesFields, brokerRulesValues, RULE_FIELDS, toBrokerRules, type BrokerRulesValues } from './BrokerRulesFields';
import { SwitchField } from '../../../components/FormKit';

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

type TextKey = 'name' | 'headline' | 'refLink' | 'reviewBlurb' | 'notes';
const HALF = 'col-12 col-md-6';

const RATINGS = Array.from({ length: RATING_MAX + 1 }, (_, i) => [i, `${i} ${i === 0 ? '(none)' : '$'.repeat(i)}`] as const);
const RETURN_TIMES = SHARE_RETURN_TIMES.map((d) => [d, `${d} ${d === 1 ? 'day' : 'days'}`] as const);

const ACCOUNT_FIELDS = [
  ['accountCash', 'Cash'],
  ['accountMargin', 'Margin'],
  ['accountTradIRA', 'Traditional IRA'],
  ['accountRothIRA', 'Roth IRA'],
] as const;

/** Every problem at once, beside its field, with the server's own rules. */
function checkBroker(v: BrokerFormValues): FormErrors {
  const input = toBrokerInput(v);
  const problems = checkFields(brokerInput, input, FIELDS);
  const undated = roundUpStatusProblem({
    roundUpStatus: input.roundUpStatus ?? null,
    roundUpStatusDate: input.roundUpStatusDate ?? null,
  });
  if (undated) problems.fields.roundUpStatusDate ??= undated;
  return problems;
}

/** The logo's URL with a preview once it looks like one. */
function LogoField({ value, error, onChange }: { value: string; error?: string; onChange: (v: string) => void }) {
  return (
    <Form.Group className="col-12 col-md-6" controlId="broker-logo">
      <Form.Label>Logo URL</Form.Label>
      <div className="d-flex align-items-center gap-2">
        <Form.Control
          value={value}
          onChange={(e) => onChange(e.target.value)}
          maxLength={BROKER_LIMITS.logo}
          placeholder="https://… or /brokers/name.svg"
          {...invalidProps(error, 'broker-logo')}
        />
        {/^(https?:\/\/|\/(?!\/))/.test(value) ? (
          <img src={value} alt="" className="ru-admin-logo border rounded bg-white" />
        ) : null}
      </div>
      {error ? (
        <div id="broker-logo-error" className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </Form.Group>
  );
}

/** Every Broker field of product.md#stored with its limits (rating 0–5, share return time 0–14). */
export function BrokerForm(props: AdminFormProps<BrokerFormValues>) {
  const { v, set, errors, frame, formRef } = useAdminForm(props, checkBroker, FIELDS);
  const e = errors.fields;
  /** The text field of `k`, labelled `label`, with control id `id`. */
  const text = (k: TextKey, id: string, label: string, more: Partial<Parameters<typeof AdminField>[0]> = {}) => (
    <AdminField
      id={id}
      label={label}
      value={v[k]}
      onChange={(x) => set(k, x)}
      error={e[k]}
      maxLength={BROKER_LIMITS[k]}
      {...more}
    />
  );
  const html = (k: 'signupPromo' | 'fees' | 'fullReview', id: string, label: string, rows?: number) => (
    <HtmlField
      id={id}
      label={label}
      value={v[k]}
      max={BROKER_LIMITS[k === 'fullReview' ? k : 'html']}
      rows={rows}
      error={e[k]}
      onChange={(x) => set(k, x)}
    />
  );

  const choice = (k: 'rating' | 'shareReturnTime', id: string, label: string, options: typeof RATINGS) => (
    <AdminSelect
      id={id}
      label={label}
      className="col-6 col-md-3"
      value={v[k]}
      onChange={(x) => set(k, Number(x))}
      options={options}
    />
  );

  return (
    <AdminFormFrame label="Broker" frame={frame} formRef={formRef}>
      {text('name', 'broker-name', 'Name', { className: HALF, required: true })}
      {text('headline', 'broker-headline', 'Headline', { className: HALF })}
      {text('refLink', 'broker-reflink', 'Referral link (Open an Account)', {
        className: HALF,
        type: 'url',
        required: true,
        placeholder: 'https://',
      })}
      <LogoField value={v.logo} error={e.logo} onChange={(x) => set('logo', x)} />
      {choice('rating', 'broker-rating', 'Rating', RATINGS)}
      {choice('shareReturnTime', 'broker-srt', 'Share return time', RETURN_TIMES)}
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
              onChange={(ev) => set(key, ev.target.checked)}
            />
          ))}
        </div>
      </fieldset>
      {html('signupPromo', 'broker-signup-promo', 'Sign-up promo')}
      {html('fees', 'broker-fees', 'Fees')}
      {text('reviewBlurb', 'broker-review-blurb', 'Review blurb', { rows: 2 })}
      {html('fullReview', 'broker-full-review', 'Full review', 6)}
      {text('notes', 'broker-notes', 'Internal notes', { rows: 2, help: 'Only admins see notes.' })}
      <BrokerRulesFields v={v} set={(k, value) => set(k, value as BrokerFormValues[typeof k])} errors={e} />
      <div className="col-12">
        <SwitchField
          id="broker-disabled"
          label="Disabled (hidden from the brokers page)"
          checked={v.disabled}
          onChange={(checked) => set('disabled', checked)}
        />
      </div>
    </AdminFormFrame>
  );
}
