import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { firstErrorMessage } from '../../../lib/api-client';
import { AuthCard } from '../components/AuthCard';
import { TextField } from '../../../components/TextField';

export function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await login(email.trim(), password);
      await navigate('/reverse-splits', { replace: true });
    } catch (err) {
      // login() already removed the stored token (product.md §4).
      setError(firstErrorMessage(err));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to see this month's reverse splits.">
      <ErrorAlert messages={error ? [error] : null} />
      <form onSubmit={onSubmit} noValidate>
        <TextField id="login-email" label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          wrapperClassName="mb-2"
        />
        <div className="text-end mb-4">
          <Link to="/password-reset" className="small">
            Forgot your password?
          </Link>
        </div>
        <button type="submit" className="btn btn-primary w-100" disabled={submitting}>
          {submitting ? 'Signing in…' : 'Sign In'}
        </button>
      </form>
      <p className="text-center text-body-secondary mt-4 mb-0">
        New to RoundUp? <Link to="/register">Create a free account</Link>
      </p>
    </AuthCard>
  );
}
