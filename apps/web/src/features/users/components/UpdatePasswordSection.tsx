import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SettingsPanel } from '../../../components/SettingsPanel';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { api, errorMessages } from '../../../lib/api-client';

import { PASSWORDS_DO_NOT_MATCH } from '../../../lib/messages';
export const PASSWORD_UPDATED = 'Your password has been updated.';

/** Profile → Update password: all server messages listed, cleared after 5 s; success shown 5 s. */
export function UpdatePasswordSection() {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const errors = useTimedMessage<string[]>(5000);
  const success = useTimedMessage<string>(5000);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    errors.clear();
    success.clear();
    if (next !== confirm) {
      errors.show([PASSWORDS_DO_NOT_MATCH]);
      return;
    }
    setSubmitting(true);
    try {
      await api.post('/api/users/update-self', { newPassword: next, password: current });
      setCurrent('');
      setNext('');
      setConfirm('');
      success.show(PASSWORD_UPDATED);
    } catch (err) {
      errors.show(errorMessages(err));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <SettingsPanel title="Update password" description="Changing your password signs out your other devices.">
      <ErrorAlert messages={errors.value} />
      {success.value ? (
        <Alert variant="success" role="status">{success.value}</Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="ru-narrow-form">
        <div className="mb-3">
          <label htmlFor={`${id}-current`} className="form-label">Current password</label>
          <input
            id={`${id}-current`}
            type="password"
            className="form-control"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </div>
        <div className="mb-3">
          <label htmlFor={`${id}-new`} className="form-label">New password</label>
          <input
            id={`${id}-new`}
            type="password"
            className="form-control"
            autoComplete="new-password"
            required
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
        </div>
        <div className="mb-4">
          <label htmlFor={`${id}-confirm`} className="form-label">Confirm new password</label>
          <input
            id={`${id}-confirm`}
            type="password"
            className="form-control"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? 'Updating…' : 'Update password'}
        </button>
      </form>
    </SettingsPanel>
  );
}
