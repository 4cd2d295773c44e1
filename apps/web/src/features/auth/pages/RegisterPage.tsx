import { priceLabel, useSite } from '../../../lib/site';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { registerRequest } from '@roundup/shared/auth';
import { checkFields, hasErrors, serverErrors, useFormErrors } from '../../../lib/form-errors';
import { getRefId } from '../../../lib/session';
import { AuthCard } from '../components/AuthCard';
import { TextField } from '../../../components/TextField';
import { CheckField, EmailField, PasswordField } from '../../../components/FormKit';

/** The three ways out of registration (product.md#states). */
export const PLANS = [
  {
    id: 'starter',
    button: 'Get Starter',
    name: 'Starter',
    price: 'Free',
    blurb: 'Learning, onboarding classes and the redacted calendar.',
    next: '/learn',
  },
  {
    id: 'pro',
    button: 'Get PRO',
    name: 'Pro',
    price: '$50/mo.',
    blurb: 'The full calendar and real-time alerts. Cancel anytime.',
    next: '/upgrade/pro',
  },
  {
    id: 'lifetime',
    button: 'Get Lifetime',
    name: 'Lifetime',
    price: 'One payment',
    blurb: 'Pro for life with a single payment.',
    next: '/upgrade/lifetime',
  },
] as const;
export type PlanId = (typeof PLANS)[number]['id'];

/** /register/premium preselects PRO, /register/lifetime preselects Lifetime. */
export function planForRegType(regType: string | undefined): PlanId {
  if (regType === 'premium' || regType === 'pro') return 'pro';
  if (regType === 'lifetime') return 'lifetime';
  return 'starter';
}

export const CONSENT_REQUIRED_MESSAGE = 'Please agree to the Terms of Service and Privacy Policy to continue.';
const FIELDS = ['username', 'email', 'password', 'consent'];

export function RegisterPage() {
  const { regType } = useParams();
  const preselected = planForRegType(regType);
  const { register } = useAuth();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [consent, setConsent] = useState(false);
  const { errors, show, clear, edit, formRef } = useFormErrors();
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const plan = PLANS.find((p) => p.id === submitter?.value) ?? PLANS.find((p) => p.id === preselected)!;
    const body = { username: username.trim(), email: email.trim(), password, refId: getRefId(), consent };
    // Every problem at once, beside its field, with the server's own rules.
    const problems = checkFields(registerRequest, body, FIELDS);
    if (!consent) problems.fields.consent = CONSENT_REQUIRED_MESSAGE;
    if (hasErrors(problems)) return show(problems);
    clear();
    setSubmitting(true);
    try {
      await register(body);
      await navigate(plan.next, { replace: true });
    } catch (err) {
      // register() already removed the stored token (product.md#states).
      show(serverErrors(err, FIELDS));
      setSubmitting(false);
    }
  }

  // Enter submits with the first submit button in the form, so the preselected plan goes first.
  const site = useSite().data;
  const priceOf = (id: PlanId) =>
    id === 'lifetime' && site?.prices.lifetime
      ? `${priceLabel(site.prices.lifetime)} once`
      : id === 'pro' && site?.prices.pro
        ? `${priceLabel(site.prices.pro)}/mo.`
        : null;
  const ordered = [...PLANS].sort((a, b) => Number(b.id === preselected) - Number(a.id === preselected));

  return (
    <AuthCard
      wide
      title="Create your account"
      subtitle={
        <>
          Start free and upgrade whenever you&rsquo;re ready. Already a member? <Link to="/login">Log in</Link>
          <span className="d-block small mt-1">
            Before you trade, read <Link to="/learn/risks">the risks of the round-up strategy</Link>.
          </span>
        </>
      }
    >
      <ErrorAlert messages={errors.other} />
      <form onSubmit={onSubmit} noValidate ref={formRef}>
        <div className="row g-3">
          <TextField
            id="register-username"
            label="Username"
            autoComplete="username"
            value={username}
            onChange={edit('username', setUsername)}
            error={errors.fields.username}
            wrapperClassName="col-12 col-sm-6"
          />
          <EmailField
            id="register-email"
            value={email}
            onChange={edit('email', setEmail)}
            error={errors.fields.email}
            wrapperClassName="col-12 col-sm-6"
          />
          <PasswordField
            id="register-password"
            label="Password"
            isNew
            value={password}
            onChange={edit('password', setPassword)}
            error={errors.fields.password}
            wrapperClassName="col-12"
            help="At least 8 characters. Avoid common passwords."
          />
          <ConsentField checked={consent} error={errors.fields.consent} onChange={edit('consent', setConsent)} />
        </div>

        <fieldset className="mt-4">
          <legend className="h6 fw-semibold">Choose your plan</legend>
          <div className="row g-3">
            {ordered.map((plan) => {
              const selected = plan.id === preselected;
              return (
                <div key={plan.id} className="col-12 col-md-4">
                  <div className={`ru-plan card h-100 ${selected ? 'ru-plan-selected' : ''}`}>
                    <div className="card-body d-flex flex-column">
                      <div className="d-flex justify-content-between align-items-baseline mb-1">
                        <span className="fw-semibold">{plan.name}</span>
                        <span className="small text-body-secondary">{priceOf(plan.id) ?? plan.price}</span>
                      </div>
                      <p className="small text-body-secondary flex-grow-1">{plan.blurb}</p>
                      <button
                        type="submit"
                        name="plan"
                        value={plan.id}
                        className={`btn w-100 ${selected ? 'btn-primary' : 'btn-outline-primary'}`}
                        disabled={submitting}
                      >
                        {plan.button}
                      </button>
                    </div>
                  </div>
                </div>
              );
            })}
          </div>
        </fieldset>
      </form>
    </AuthCard>
  );
}

/** The age and terms checkbox, required to register. */
function ConsentField({
  checked,
  error,
  onChange,
}: {
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="col-12">
      <CheckField id="register-consent" required checked={checked} onChange={onChange} error={error}>
        I am 18 or older and agree to the{' '}
        <Link to="/policies/terms-of-service" target="_blank" rel="noopener">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/policies/privacy-policy" target="_blank" rel="noopener">
          Privacy Policy
        </Link>
        .
      </CheckField>
    </div>
  );
}
