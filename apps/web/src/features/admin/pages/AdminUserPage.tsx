import type { AdminUserDetail } from '@roundup/shared/admin';
import { formatInMarketTz } from '@roundup/shared/dates';
import { ROLES, type Role } from '@roundup/shared/permissions';
import { useState, type ComponentType, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorMessages } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { useAdminUser, useEditUser, useRevokeSessions } from '../api';
import { AuditList } from '../components/AuditList';
import { roleBadge } from './AdminUsersPage';
import '../admin.css';
import { DismissibleSuccess, SwitchField } from '../../../components/FormKit';
import { AdminField } from '../../../components/AdminForm';

const ROLE_HELP: Record<Role, string> = {
  User: 'User (Starter)',
  Member: 'Member (Pro)',
  Pro: 'Pro',
  Admin: 'Admin',
};

const when = (iso: string | null) => (iso ? `${formatInMarketTz(iso, 'MMM d, yyyy h:mm a')} ET` : '—');

function UserForm({ user, isSelf }: { user: AdminUserDetail; isSelf: boolean }) {
  const edit = useEditUser();
  const saved = useTimedMessage<string>();
  const [form, setForm] = useState({
    role: (ROLES as readonly string[]).includes(user.role) ? (user.role as Role) : 'User',
    email: user.email,
    phone: user.phone ?? '',
    email_validated: user.email_validated,
    phone_validated: user.phone_validated,
    disabled: user.disabled,
  });
  const [errors, setErrors] = useState<string[] | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors(null);
    try {
      await edit.mutateAsync({ id: user._id, ...form, phone: form.phone.trim() || null });
      saved.show('User saved.');
    } catch (err) {
      setErrors(errorMessages(err));
    }
  }

  return (
    <Form onSubmit={(e) => void submit(e)} noValidate>
      <ErrorAlert messages={errors} firstOnly onClose={() => setErrors(null)} />
      {saved.value ? (
        <Alert variant="success" dismissible onClose={saved.clear} className="py-2">
          {saved.value}
        </Alert>
      ) : null}
      <div className="row g-3">
        <Form.Group className="col-12 col-md-6" controlId="admin-user-role">
          <Form.Label>Role</Form.Label>
          <Form.Select value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as Role })} disabled={isSelf}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_HELP[r]}
              </option>
            ))}
          </Form.Select>
          {isSelf ? (
            <Form.Text>You cannot change your own role.</Form.Text>
          ) : user.grantedRole ? (
            <Form.Text>
              {user.grantedRole} was granted by an admin: it stays if a paid membership ends. Set User to take it back.
            </Form.Text>
          ) : (
            <Form.Text>Member or Pro set here is kept even if a paid membership later ends.</Form.Text>
          )}
        </Form.Group>
        <AdminField
          id="admin-user-email"
          label="Email"
          className="col-12 col-md-6"
          type="email"
          value={form.email}
          onChange={(email) => setForm({ ...form, email })}
          required
          maxLength={254}
        />
        <AdminField
          id="admin-user-phone"
          label="Phone"
          className="col-12 col-md-6"
          type="tel"
          value={form.phone}
          onChange={(phone) => setForm({ ...form, phone })}
          maxLength={32}
        />
        <div className="col-12 col-md-6 d-flex flex-column justify-content-end gap-1">
          <SwitchField
            id="admin-user-email-validated"
            label="Email validated"
            checked={form.email_validated}
            onChange={(checked) => setForm({ ...form, email_validated: checked })}
          />
          <SwitchField
            id="admin-user-phone-validated"
            label="Phone validated"
            checked={form.phone_validated}
            onChange={(checked) => setForm({ ...form, phone_validated: checked })}
          />
          <SwitchField
            id="admin-user-disabled"
            label="Account disabled (signs the user out)"
            checked={form.disabled}
            disabled={isSelf}
            onChange={(checked) => setForm({ ...form, disabled: checked })}
          />
        </div>
      </div>
      <div className="mt-4">
        <Button type="submit" disabled={edit.isPending}>
          {edit.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </Form>
  );
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "2 sessions and 3 API tokens revoked.", "2 sessions revoked; API tokens kept." or (no tokens held) "2 sessions revoked." */
function revokedMessage(r: { revoked: number; revokedTokens: number }, revokeTokens: boolean): string {
  if (!revokeTokens) return `${plural(r.revoked, 'session')} revoked; API tokens kept.`;
  if (r.revokedTokens === 0) return `${plural(r.revoked, 'session')} revoked.`;
  return `${plural(r.revoked, 'session')} and ${plural(r.revokedTokens, 'API token')} revoked.`;
}

function RevokeSessions({ user }: { user: AdminUserDetail }) {
  const revoke = useRevokeSessions();
  const [show, setShow] = useState(false);
  // Personal API tokens end with the sessions unless the admin unticks it.
  const [revokeTokens, setRevokeTokens] = useState(true);
  const done = useTimedMessage<string>();

  function open() {
    setRevokeTokens(true);
    setShow(true);
  }

  return (
    <>
      <p className="small text-body-secondary mb-2">
        {user.activeSessions} active session{user.activeSessions === 1 ? '' : 's'}. Revoking signs the user out on every device.
      </p>
      <DismissibleSuccess message={done.value} onClose={done.clear} />
      <Button variant="outline-danger" onClick={open}>
        Revoke all sessions
      </Button>
      <ConfirmDialog
        show={show}
        title="Revoke all sessions?"
        confirmLabel="Revoke sessions"
        busyLabel="Revoking…"
        onHide={() => setShow(false)}
        onConfirm={() => revoke.mutateAsync({ id: user._id, revokeTokens })}
        onDone={(r) => {
          setShow(false);
          done.show(revokedMessage(r, revokeTokens));
        }}
      >
        <p className="mb-0">
          <strong>{user.username}</strong> will be signed out everywhere and must sign in again.
        </p>
        <Form.Check
          className="mt-3"
          type="checkbox"
          id="admin-revoke-tokens"
          label="Also revoke their personal API tokens"
          checked={revokeTokens}
          onChange={(e) => setRevokeTokens(e.target.checked)}
        />
      </ConfirmDialog>
    </>
  );
}

/** /admin/users/:id — view and edit one user, revoke sessions, audit trail. */
/** `Commissions`: the affiliates feature's commission list for this user (app/composed-routes.tsx passes it). */
export function AdminUserPage({ Commissions }: { Commissions: ComponentType<{ userId: string }> }) {
  const { userId = '' } = useParams();
  const { data: me } = useAuth();
  const { data: user, error, isPending } = useAdminUser(userId);

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 small">
        <Link to="/admin/users">← All users</Link>
      </nav>
      {isPending ? <p className="text-body-secondary">Loading user…</p> : null}
      <ErrorAlert messages={error ? errorMessages(error) : null} firstOnly />
      {user ? (
        <>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-4">
            <h1 className="h3 fw-bold mb-0 text-break">{user.username}</h1>
            <span className={`badge ${roleBadge(user.role)}`}>{user.role}</span>
            {user.disabled ? <span className="badge text-bg-danger">Disabled</span> : null}
          </div>
          <div className="row g-4">
            <div className="col-12 col-xl-7">
              <section className="card shadow-sm ru-panel mb-4" aria-labelledby="user-edit-title">
                <div className="card-body p-3 p-md-4">
                  <h2 id="user-edit-title" className="h5 fw-semibold mb-3">
                    Account
                  </h2>
                  <dl className="row small mb-4">
                    <dt className="col-5 col-sm-4">Username</dt>
                    <dd className="col-7 col-sm-8 text-break">
                      {user.username} <span className="text-body-secondary">(cannot change)</span>
                    </dd>
                    <dt className="col-5 col-sm-4">Subscription</dt>
                    <dd className="col-7 col-sm-8">{user.subscriptionTier}</dd>
                    <dt className="col-5 col-sm-4">Joined</dt>
                    <dd className="col-7 col-sm-8">{when(user.createdDate)}</dd>
                    <dt className="col-5 col-sm-4">Last login</dt>
                    <dd className="col-7 col-sm-8">{when(user.last_login_date)}</dd>
                    <dt className="col-5 col-sm-4">Referred by</dt>
                    <dd className="col-7 col-sm-8">{user.referrer ?? '—'}</dd>
                  </dl>
                  <UserForm key={user._id} user={user} isSelf={me?._id === user._id} />
                </div>
              </section>
              <section className="card shadow-sm ru-panel mb-4" aria-labelledby="user-sessions-title">
                <div className="card-body p-3 p-md-4">
                  <h2 id="user-sessions-title" className="h5 fw-semibold mb-2">
                    Sessions
                  </h2>
                  <RevokeSessions user={user} />
                </div>
              </section>
              <section className="card shadow-sm ru-panel mb-4" aria-labelledby="user-commissions-title">
                <div className="card-body p-3 p-md-4">
                  <h2 id="user-commissions-title" className="h5 fw-semibold mb-2">
                    Commissions
                  </h2>
                  <Commissions userId={user._id} />
                </div>
              </section>
            </div>
            <div className="col-12 col-xl-5">
              <section className="card shadow-sm ru-panel" aria-labelledby="user-audit-title">
                <div className="card-body p-3 p-md-4">
                  <h2 id="user-audit-title" className="h5 fw-semibold mb-2">
                    Audit log
                  </h2>
                  <AuditList entries={user.audit} />
                </div>
              </section>
            </div>
          </div>
        </>
      ) : null}
    </>
  );
}
