import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { api, firstErrorMessage } from '../../../lib/api-client';
import { AuthCard } from '../components/AuthCard';

import { PASSWORDS_DO_NOT_MATCH } from '../../../lib/messages';

export function ResetPasswordPage() {
  const { passcode = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (password !== confirm) {
      setError(PASSWORDS_DO_NOT_MATCH);
      return;
    }
    setSubmitting(true);
    try {
      await api.post('/api/users/reset-password', { password, password_reset_code: passcode });
      setDone(true);
    } catch (err) {
      setError(firstErrorMessage(err));
    } finally {
      setSubmitting(false);
    }
  }

  if (done) {
    return (
      <AuthCard title="Password updated">
        <Alert variant="success" role="status">
          Your password has been reset. You can now sign in with your new password.
        </Alert>
        <Link to="/login" className="btn btn-primary w-100">Go to sign in</Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="Pick something you don't use anywhere else.">
      <ErrorAlert messages={error ? [error] : null} />
      <form onSubmit={onSubmit} noValidate>
        <div className="mb-3">
          <label htmlFor="reset-password" className="form-label">New password</label>
          <input
            id="reset-password"
            type="password"
            className="form-control"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="mb-4">
          <label htmlFor="reset-confirm" className="form-label">Confirm new password</label>
          <input
            id="reset-confirm"
            type="password"
            className="form-control"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary w-100" disabled={submitting}>
          {submitting ? 'Saving…' : 'Reset password'}
        </button>
      </form>
    </AuthCard>
  );
}
