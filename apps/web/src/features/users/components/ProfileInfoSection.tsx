import type { PublicUser } from '@roundup/shared';
import { useId, useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import { useAuth } from '../../../lib/auth';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SettingsPanel } from '../../../components/SettingsPanel';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { updateProfileRequest } from '@roundup/shared/users';
import { TextField } from '../../../components/TextField';
import { EmailField, FieldRow, PasswordField, SuccessAlert } from '../../../components/FormKit';
import { api } from '../../../lib/api-client';
import { checkFields, hasErrors, serverErrors, useFormErrors } from '../../../lib/form-errors';
import { PhoneValidation } from './PhoneValidation';

export const PROFILE_UPDATED = 'Your profile has been updated.';
const EMAIL_NEEDS_PASSWORD = 'Enter your current password to change your email.';
const FIELDS = ['email', 'password', 'phone'];

/** Profile → Personal info (product.md#screens, product.md#states): view/edit toggle; success 5 s; every server message listed, cleared after 5 s. */
export function ProfileInfoSection() {
  const { data: user, setUser } = useAuth();
  const [editing, setEditing] = useState(false);
  const success = useTimedMessage<string>(5000);
  const errors = useTimedMessage<string[]>(5000);
  if (!user) return null;

  return (
    <SettingsPanel
      title="Personal info"
      description="Your username is permanent; your email and phone can change."
      actions={
        editing ? null : (
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => {
              success.clear();
              setEditing(true);
            }}
          >
            Edit
          </button>
        )
      }
    >
      <SuccessAlert message={success.value} />
      <ErrorAlert messages={errors.value} />
      {editing ? (
        <ProfileForm
          user={user}
          onCancel={() => {
            errors.clear();
            setEditing(false);
          }}
          onSaved={(u, msg) => {
            setUser(u);
            errors.clear();
            setEditing(false);
            success.show(msg ?? PROFILE_UPDATED);
          }}
          onErrors={(msgs) => errors.show(msgs)}
        />
      ) : (
        <dl className="row mb-0 ru-profile-list">
          <dt className="col-sm-3 text-body-secondary fw-normal">Username</dt>
          <dd className="col-sm-9 fw-semibold text-break">{user.username}</dd>
          <dt className="col-sm-3 text-body-secondary fw-normal">Email</dt>
          <dd className="col-sm-9 text-break">
            {user.email}{' '}
            {user.email_validated ? null : (
              <Badge bg="warning" text="dark" className="ms-1">
                Not verified
              </Badge>
            )}
            {user.pending_email ? (
              <div className="small text-body-secondary mt-1" data-testid="pending-email">
                Changing to <span className="text-break">{user.pending_email}</span>: open the link we sent there to confirm.
              </div>
            ) : null}
          </dd>
          <dt className="col-sm-3 text-body-secondary fw-normal">Phone</dt>
          <dd className="col-sm-9 mb-0">
            {user.phone ? (
              <>
                <span className="me-2">{user.phone}</span>
                {user.phone_validated ? (
                  <Badge bg="success" data-testid="phone-validated">
                    Validated
                  </Badge>
                ) : (
                  <PhoneValidation onValidated={(u) => setUser(u)} />
                )}
              </>
            ) : (
              <span className="text-body-secondary">No phone yet — add one to get text alerts.</span>
            )}
          </dd>
        </dl>
      )}
    </SettingsPanel>
  );
}

function ProfileForm({
  user,
  onCancel,
  onSaved,
  onErrors,
}: {
  user: PublicUser;
  onCancel(): void;
  onSaved(u: PublicUser, msg?: string): void;
  onErrors(m: string[]): void;
}) {
  const id = useId();
  const [email, setEmail] = useState(user.email);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [password, setPassword] = useState('');
  const [saving, setSaving] = useState(false);
  // A new address needs the current password, and takes effect once confirmed from the link sent to it.
  const emailChanged = email.trim().toLowerCase() !== user.email.toLowerCase();

  const { errors, show, clear, edit, formRef } = useFormErrors();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // The form still sends the username (product.md#validation); the server never changes it.
    const body = { username: user.username, email, phone: phone.trim() || null, ...(emailChanged ? { password } : {}) };
    // Every problem at once, beside its field.
    const problems = checkFields(updateProfileRequest, body, FIELDS);
    if (emailChanged && !password) problems.fields.password ??= EMAIL_NEEDS_PASSWORD;
    if (hasErrors(problems)) return show(problems);
    clear();
    setSaving(true);
    try {
      const res = await api.post<{ user: PublicUser; msg?: string }>('/api/users/update-self', body);
      onSaved(res.user, res.msg);
    } catch (err) {
      // A field's problem beside it; the rest in the section's list (product.md#messages).
      const found = serverErrors(err, FIELDS);
      show({ fields: found.fields, other: [] });
      if (found.other.length) onErrors(found.other);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="ru-narrow-form" ref={formRef}>
      <FieldRow id={`${id}-username`} label="Username" help="Usernames cannot be changed (privacy policy).">
        <input
          id={`${id}-username`}
          className="form-control"
          value={user.username}
          readOnly
          disabled
          aria-describedby={`${id}-username-help`}
        />
      </FieldRow>
      <EmailField
        id={`${id}-email`}
        value={email}
        onChange={edit('email', setEmail)}
        error={errors.fields.email}
        help={`A new address takes effect once you open the verification link we send to it; until then we keep using ${user.email}.`}
      />
      {emailChanged ? (
        <PasswordField
          id={`${id}-password`}
          label="Current password"
          value={password}
          onChange={edit('password', setPassword)}
          error={errors.fields.password}
          help="Needed to change your email."
        />
      ) : null}
      <TextField
        id={`${id}-phone`}
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="(415) 555-0100"
        required={false}
        value={phone}
        onChange={edit('phone', setPhone)}
        error={errors.fields.phone}
        wrapperClassName="mb-4"
        help="As you write it, e.g. (415) 555-0100 in the US or Canada; elsewhere start with + and the country code."
      />
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
