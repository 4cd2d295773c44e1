import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { loginRequest } from '@roundup/shared/auth';
import { checkFields, hasErrors, serverErrors, useFormErrors } from '../../../lib/form-errors';
import { AuthCard } from '../components/AuthCard';
import { EmailField, PasswordField, SubmitButton } from '../../../components/FormKit';

export function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, show, clear, edit, formRef } = useFormErrors();
  const [submitting, setSubmitting] = useState(false);
  const FIELDS = ['email', 'password'];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = checkFields(loginRequest, { email, password }, FIELDS);
    if (hasErrors(problems)) return show(problems);
    clear();
    setSubmitting(true);
    try {
      await login(email.trim(), password);
      await navigate('/reverse-splits', { replace: true });
    } catch (err) {
      // login() already removed the stored token (product.md#states).
      // The first message, as product.md#messages has it for sign-in; a field's beside it.
      const found = serverErrors(err, FIELDS);
      show({ fields: found.fields, other: found.other.slice(0, 1) });
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to see this month's reverse splits.">
      <ErrorAlert messages={errors.other} />
      <form onSubmit={onSubmit} noValidate ref={formRef}>
        <EmailField id="login-email" value={email} onChange={edit('email', setEmail)} error={errors.fields.email} />
        <PasswordField
          id="login-password"
          label="Password"
          value={password}
          onChange={edit('password', setPassword)}
          wrapperClassName="mb-2"
          error={errors.fields.password}
        />
        <div className="text-end mb-4">
          <Link to="/password-reset" className="small">
            Forgot your password?
          </Link>
        </div>
        <SubmitButton busy={submitting} busyLabel="Signing in…" className="btn btn-primary w-100">
          Sign In
        </SubmitButton>
      </form>
      <p className="text-center text-body-secondary mt-4 mb-0">
        New to RoundUp? <Link to="/register">Create a free account</Link>
      </p>
    </AuthCard>
  );
}
