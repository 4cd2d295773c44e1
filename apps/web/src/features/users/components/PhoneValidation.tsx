import type { PhoneCodeStatus, PublicUser } from '@roundup/shared';
import { LIMITS } from '@roundup/shared/domain';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { api, errorMessages } from '../../../lib/api-client';

export const MAX_ATTEMPTS_REACHED = 'Max Attempts Reached!';

function ErrorList({ messages }: { messages: string[] }) {
  return messages.length ? (
    <ul className="text-danger small mb-0 mt-2 ps-3">
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  ) : null;
}

/**
 * A code texted before the page was reloaded: its field is offered again, with the countdown where it was,
 * instead of "Validate Phone" sending (and spending) another. `ready` once asked; a failure reads as none.
 */
function usePendingCode(onPending: (status: PhoneCodeStatus) => void): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .get<PhoneCodeStatus>('/api/users/phone-code')
      .then((status) => {
        if (live && status.pending) onPending(status);
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) setReady(true);
      });
    return () => {
      live = false;
    };
    // Once per mount: the handler only sets state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ready;
}

/**
 * Validate Phone (product.md#screens, product.md#states, product.md#limits): request an SMS code, enter it; a 59 s countdown before
 * New Code; at most 3 codes, then Max Attempts Reached!.
 */
export function PhoneValidation({ onValidated }: { onValidated(user: PublicUser): void }) {
  const id = useId();
  const [codesSent, setCodesSent] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const ready = usePendingCode((status) => {
    setCodesSent(Math.max(1, status.codesSent));
    setSecondsLeft(status.resendSeconds);
  });

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const t = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [secondsLeft]);

  async function requestCode() {
    setBusy(true);
    setErrors([]);
    try {
      await api.get('/api/users/send-sms-otp');
      setCodesSent((n) => n + 1);
      setSecondsLeft(LIMITS.smsResendSeconds);
    } catch (err) {
      const msgs = errorMessages(err);
      if (msgs.includes(MAX_ATTEMPTS_REACHED)) setCodesSent(LIMITS.smsMaxCodes);
      setErrors(msgs);
    } finally {
      setBusy(false);
    }
  }

  async function verify(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    setErrors([]);
    try {
      const res = await api.post<{ phone_validated: boolean }>('/api/users/verify-otp', { otp: code.trim() });
      if (res.phone_validated) {
        const self = await api.get<{ user: PublicUser }>('/api/users/self');
        onValidated(self.user);
      }
    } catch (err) {
      setErrors(errorMessages(err));
    } finally {
      setBusy(false);
    }
  }

  const maxed = codesSent >= LIMITS.smsMaxCodes;
  const errorList = errors.filter((m) => m !== MAX_ATTEMPTS_REACHED || !maxed);

  // Until the page knows whether a code is waiting, it offers no button that would send another.
  if (!ready) return <span className="small text-body-secondary">Checking for a code already sent…</span>;

  if (codesSent === 0) {
    return (
      <div className="d-inline-block">
        <button type="button" className="btn btn-sm btn-primary" onClick={requestCode} disabled={busy}>
          {busy ? 'Sending…' : 'Validate Phone'}
        </button>
        <ErrorList messages={errorList} />
      </div>
    );
  }

  return (
    <form onSubmit={verify} noValidate className="mt-3 p-3 border rounded-3 bg-body-tertiary ru-otp">
      <label htmlFor={`${id}-otp`} className="form-label">
        Enter the 6-digit code we texted you
      </label>
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <input
          id={`${id}-otp`}
          className="form-control ru-otp-input"
          style={{ maxWidth: '11rem', letterSpacing: '0.2em' }}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          pattern="\d{6,7}"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
        <button type="submit" className="btn btn-primary" disabled={busy || code.length < 6}>
          Verify
        </button>
      </div>
      <div className="small mt-2" aria-live="polite">
        {secondsLeft > 0 ? (
          <span className="text-body-secondary">You can ask for a new code in {secondsLeft} s.</span>
        ) : maxed ? (
          <span className="text-danger fw-semibold">{MAX_ATTEMPTS_REACHED}</span>
        ) : (
          <button type="button" className="btn btn-link btn-sm p-0" onClick={requestCode} disabled={busy}>
            New Code
          </button>
        )}
      </div>
      <ErrorList messages={errorList} />
    </form>
  );
}
