import type { ResendVerificationResponse } from '@roundup/shared';
import { useEffect, useState } from 'react';
import { useAuth } from '../../../lib/auth';
import { ApiError, api, firstErrorMessage } from '../../../lib/api-client';

/** `resendSeconds`: seconds before the server sends another link. */
type ResendAnswer = ResendVerificationResponse;

/**
 * An unverified member sees that alerts by email wait for their address to be verified,
 * and can ask for a new link. The server sends one a minute (POST /api/users/resend-verification);
 * the button counts that minute down, so a double click sends one email.
 */
export function VerifyEmailNotice() {
  const { data: user } = useAuth();
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);

  if (!user || user.email_validated) return null;

  const resend = async () => {
    setSending(true);
    try {
      const answer = await api.post<ResendAnswer>('/api/users/resend-verification');
      setMessage({ text: answer.msg, error: false });
      setWait(answer.resendSeconds);
    } catch (err) {
      setMessage({ text: firstErrorMessage(err), error: true });
      const retry = err instanceof ApiError && err.status === 429 ? /(\d+) s\./.exec(err.message) : null;
      if (retry) setWait(Number(retry[1]));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="ru-verify-notice border-bottom bg-warning-subtle" role="region" aria-label="Verify your email">
      <div className="container d-flex flex-wrap align-items-center gap-2 py-2 small">
        <span className="me-auto">
          <strong>Verify your email.</strong> Open the link we sent to <span className="text-break">{user.email}</span>; email
          alerts start once it is verified.
        </span>
        {message ? (
          <span role={message.error ? 'alert' : 'status'} className={message.error ? 'text-danger' : 'text-success-emphasis'}>
            {message.text}
          </span>
        ) : null}
        <button
          type="button"
          className="btn btn-sm btn-outline-dark"
          onClick={() => void resend()}
          disabled={sending || wait > 0}
        >
          {sending ? 'Sending…' : wait > 0 ? `Resend in ${wait} s` : 'Resend link'}
        </button>
      </div>
    </div>
  );
}
