import { can } from '@roundup/shared/permissions';
import { MAX_TOKENS, TOKEN_SCOPE_LABELS, TOKEN_SCOPES, type TokenScope } from '@roundup/shared/tokens';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SettingsPanel } from '../../../components/SettingsPanel';
import { errorMessages } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { formatInMarketTz } from '../../../lib/format';
import { useCreateToken, useRevokeToken, useTokens } from '../api';

const when = (iso: string | null) => (iso ? `${formatInMarketTz(iso, 'MMM d, yyyy h:mm a')} ET` : 'never');

/**
 * Settings › API tokens: tokens for a member's own tools (an order bot recording fills
 * through POST /api/trades/bulk). The secret is shown once, right after it is made.
 */
export function TokensTab() {
  const { data: user } = useAuth();
  const paid = Boolean(user && can(user.role, 'trades:record'));
  const tokens = useTokens(paid);
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['write:trades']);
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [copied, setCopied] = useState(false);

  if (!paid)
    return (
      <SettingsPanel title="API tokens" description="Let your own tools read the calendar and record your fills.">
        <p className="mb-2">API tokens are part of Pro.</p>
        <Link to="/services" className="btn btn-primary btn-sm">
          See Pro
        </Link>
      </SettingsPanel>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setCopied(false);
    create.mutate(
      { name, scopes },
      {
        onSuccess: (res) => {
          setSecret({ name: res.token.name, value: res.secret });
          setName('');
        },
      },
    );
  };
  const toggle = (s: TokenScope, on: boolean) => setScopes((prev) => (on ? [...prev, s] : prev.filter((x) => x !== s)));

  return (
    <>
      <SettingsPanel
        title="API tokens"
        description={
          <>
            Tokens let your own tools call RoundUp with <code>Authorization: Bearer &lt;token&gt;</code>: read the calendar, or
            record fills in many accounts at once with <code>POST /api/trades/bulk</code> (see{' '}
            <a href="/api/docs">the API docs</a>). A token can do no more than you can, up to 120 calls a minute.
          </>
        }
      >
        {secret ? (
          <div className="alert alert-success" role="status">
            <p className="fw-semibold mb-1">Your new token “{secret.name}”. Copy it now: it is not shown again.</p>
            <div className="input-group">
              <input
                className="form-control font-monospace"
                readOnly
                value={secret.value}
                aria-label="New token"
                onFocus={(e) => e.target.select()}
              />
              <button
                type="button"
                className="btn btn-outline-success"
                onClick={() => void navigator.clipboard?.writeText(secret.value).then(() => setCopied(true))}
              >
                {copied ? 'Copied' : 'Copy'}
              </button>
            </div>
          </div>
        ) : null}
        <form onSubmit={submit} className="row g-2 align-items-end" aria-label="New API token">
          <div className="col-12 col-md-5">
            <label htmlFor="token-name" className="form-label">
              Name
            </label>
            <input
              id="token-name"
              className="form-control"
              value={name}
              maxLength={60}
              required
              placeholder="e.g. Order bot"
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <fieldset className="col-12 col-md-4">
            <legend className="form-label fs-6 mb-1">May</legend>
            {TOKEN_SCOPES.map((s) => (
              <div className="form-check form-check-inline" key={s}>
                <input
                  id={`scope-${s}`}
                  type="checkbox"
                  className="form-check-input"
                  checked={scopes.includes(s)}
                  onChange={(e) => toggle(s, e.target.checked)}
                />
                <label htmlFor={`scope-${s}`} className="form-check-label">
                  {TOKEN_SCOPE_LABELS[s]}
                </label>
              </div>
            ))}
          </fieldset>
          <div className="col-12 col-md-3">
            <button type="submit" className="btn btn-primary w-100" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create token'}
            </button>
          </div>
        </form>
        <ErrorAlert messages={create.error ? errorMessages(create.error) : null} className="mt-3 mb-0" />
      </SettingsPanel>

      <SettingsPanel title="Your tokens" description={`Up to ${MAX_TOKENS}. Revoking one stops it at once.`}>
        <ErrorAlert messages={tokens.error ? errorMessages(tokens.error) : revoke.error ? errorMessages(revoke.error) : null} />
        {tokens.isPending ? <p className="text-body-secondary mb-0">Loading…</p> : null}
        {tokens.data && tokens.data.length === 0 ? <p className="text-body-secondary mb-0">No tokens yet.</p> : null}
        {tokens.data && tokens.data.length > 0 ? (
          <ul className="list-unstyled mb-0 d-grid gap-2">
            {tokens.data.map((t) => (
              <li key={t._id} className="border rounded-3 p-3 d-flex flex-wrap justify-content-between align-items-center gap-2">
                <div className="text-break">
                  <span className="fw-semibold">{t.name}</span> <code className="small">{t.prefix}…</code>
                  <div className="small text-body-secondary">
                    {t.scopes.map((s) => TOKEN_SCOPE_LABELS[s]).join(' · ')} · created {when(t.createdDate)} · last used{' '}
                    {when(t.lastUsedDate)}
                  </div>
                </div>
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(t._id)}
                  aria-label={`Revoke ${t.name}`}
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </SettingsPanel>
    </>
  );
}
