import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { requestPasswordResetRequest } from '@roundup/shared/auth';
import { api } from '../../../lib/api-client';
import { checkFields, hasErrors, serverErrors, useFormErrors } from '../../../lib/form-errors';
import { AuthCard } from '../components/AuthCard';
import { EmailField, SubmitButton, SuccessAlert } from '../../../components/FormKit';

export const RESET_REQUESTED_MESSAGE = 'If an account exists for that email, a reset link is on its way.';

export function PasswordResetRequestPage() {
  const [email, setEmail] = useState('');
  const { errors, show, clear, edit, formRef } = useFormErrors();
  const [done, setDone] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const problems = checkFields(requestPasswordResetRequest, { email }, ['email']);
    if (hasErrors(problems)) return show(problems);
    clear();
    setSubmitting(true);
    try {
      const data = await api.post<{ msg?: string } | null>('/api/users/request-password-reset', { email: email.trim() });
      setDone(data?.msg || RESET_REQUESTED_MESSAGE);
    } catch (err) {
      const found = serverErrors(err, ['email']);
      show({ fields: found.fields, other: found.other.slice(0, 1) }); // product.md#messages: the first message
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Reset your password" subtitle="Enter the email you signed up with and we'll send you a reset link.">
      <ErrorAlert messages={errors.other} />
      <SuccessAlert message={done} />
      <form onSubmit={onSubmit} noValidate ref={formRef}>
        <EmailField
          id="reset-email"
          value={email}
          onChange={edit('email', setEmail)}
          error={errors.fields.email}
          wrapperClassName="mb-4"
        />
        <SubmitButton busy={submitting} busyLabel="Sending…" className="btn btn-primary w-100">
          Send reset link
        </SubmitButton>
      </form>
      <p className="text-center text-body-secondary mt-4 mb-0">
        Remembered it? <Link to="/login">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
