import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { resetPasswordRequest } from '@roundup/shared/auth';
import { api } from '../../../lib/api-client';
import { checkFields, hasErrors, serverErrors, useFormErrors } from '../../../lib/form-errors';
import { AuthCard } from '../components/AuthCard';

import { PASSWORDS_DO_NOT_MATCH } from '../../../lib/messages';
import { NewPasswordFields, SubmitButton } from '../../../components/FormKit';

export function ResetPasswordPage() {
  const { passcode = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, show, clear, edit, formRef } = useFormErrors();
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = checkFields(resetPasswordRequest, { password, password_reset_code: passcode }, ['password']);
    if (password !== confirm) problems.fields.confirm = PASSWORDS_DO_NOT_MATCH;
    if (hasErrors(problems)) return show(problems);
    clear();
    setSubmitting(true);
    try {
      await api.post('/api/users/reset-password', { password, password_reset_code: passcode });
      setDone(true);
    } catch (err) {
      const found = serverErrors(err, ['password']);
      show({ fields: found.fields, other: found.other.slice(0, 1) }); // product.md#messages: the first message
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
      <ErrorAlert messages={errors.other} />
      <form onSubmit={onSubmit} noValidate ref={formRef}>
        <NewPasswordFields
          idPrefix="reset"
          password={password}
          confirm={confirm}
          onPassword={edit('password', setPassword)}
          onConfirm={edit('confirm', setConfirm)}
          errors={errors.fields}
        />
        <SubmitButton busy={submitting} busyLabel="Saving…" className="btn btn-primary w-100">
          Reset password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
