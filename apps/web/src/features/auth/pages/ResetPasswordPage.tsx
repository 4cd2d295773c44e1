import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { api, firstErrorMessage } from '../../../lib/api-client';
import { AuthCard } from '../components/AuthCard';

import { PASSWORDS_DO_NOT_MATCH } from '../../../lib/messages';
import { TextField } from '../../../components/TextField';

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
        <Link to="/login" className="btn btn-primary w-100">
          Go to sign in
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="Pick something you don't use anywhere else.">
      <ErrorAlert messages={error ? [error] : null} />
      <form onSubmit={onSubmit} noValidate>
        <TextField
          id="reset-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <TextField
          id="reset-confirm"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          wrapperClassName="mb-4"
        />
        <button type="submit" className="btn btn-primary w-100" disabled={submitting}>
          {submitting ? 'Saving…' : 'Reset password'}
        </button>
      </form>
    </AuthCard>
  );
}
