import { useId, useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SettingsPanel } from '../../../components/SettingsPanel';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { updatePasswordRequest } from '@roundup/shared/users';
import { api, errorMessages } from '../../../lib/api-client';
import { checkFields, hasErrors, useFormErrors } from '../../../lib/form-errors';
import { setToken } from '../../../lib/session';

import { PASSWORDS_DO_NOT_MATCH } from '../../../lib/messages';
import { CheckField, NewPasswordFields, PasswordField, SubmitButton, SuccessAlert } from '../../../components/FormKit';
export const PASSWORD_UPDATED = 'Your password has been updated.';

/** Profile → Update password: all server messages listed, cleared after 5 s; success shown 5 s. */
export function UpdatePasswordSection() {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  // Personal API tokens end with the sessions unless the member unticks it.
  const [revokeTokens, setRevokeTokens] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const errors = useTimedMessage<string[]>(5000);
  const success = useTimedMessage<string>(5000);
  const { errors: problemsShown, show, clear, edit, formRef } = useFormErrors();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    errors.clear();
    success.clear();
    // Every problem at once, beside its field; server messages stay a timed list (product.md#messages).
    const problems = checkFields(updatePasswordRequest, { newPassword: next, password: current }, ['password', 'newPassword']);
    if (next !== confirm) problems.fields.confirm = PASSWORDS_DO_NOT_MATCH;
    if (hasErrors(problems)) return show(problems);
    clear();
    setSubmitting(true);
    try {
      // Every session ends with a new password; this tab continues with the fresh token it gets back.
      const res = await api.post<{ token?: string }>('/api/users/update-self', {
        newPassword: next,
        password: current,
        revokeTokens,
      });
      if (res?.token) setToken(res.token);
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
    <SettingsPanel
      title="Update password"
      description="Changing your password signs out your other devices, and revokes your API tokens unless you untick it."
    >
      <ErrorAlert messages={errors.value} />
      <SuccessAlert message={success.value} />
      <form onSubmit={onSubmit} noValidate className="ru-narrow-form" ref={formRef}>
        <PasswordField
          id={`${id}-current`}
          label="Current password"
          value={current}
          onChange={edit('password', setCurrent)}
          error={problemsShown.fields.password}
        />
        <NewPasswordFields
          idPrefix={id}
          password={next}
          confirm={confirm}
          onPassword={edit('newPassword', setNext)}
          onConfirm={edit('confirm', setConfirm)}
          errors={{ password: problemsShown.fields.newPassword, confirm: problemsShown.fields.confirm }}
          confirmClassName="mb-3"
        />
        <CheckField id={`${id}-revoke-tokens`} checked={revokeTokens} onChange={setRevokeTokens} className="mb-4">
          Also revoke my personal API tokens
        </CheckField>
        <SubmitButton busy={submitting} busyLabel="Updating…">
          Update password
        </SubmitButton>
      </form>
    </SettingsPanel>
  );
}
