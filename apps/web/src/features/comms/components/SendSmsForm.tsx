import { SMS_MESSAGE_REQUIRED, smsSegmentCount } from '@roundup/shared/comms';
import { LIMITS } from '@roundup/shared/domain';
import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { errorMessages } from '../../../lib/api-client';
import { useSendSms } from '../api';

/** Send SMS (product.md#screens, product.md#validation, product.md#messages): message required, audience All or Pro, live characters and 70-character segments. */
export function SendSmsForm() {
  const id = useId();
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<'All' | 'Pro'>('All');
  const errors = useTimedMessage<string[]>(5000);
  const success = useTimedMessage<string>(5000);
  const send = useSendSms();
  const chars = [...message].length;
  const segments = smsSegmentCount(message);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    success.clear();
    errors.clear();
    if (!message.trim()) {
      errors.show([SMS_MESSAGE_REQUIRED]);
      return;
    }
    try {
      const r = await send.mutateAsync({ message, audience });
      success.show(`${r.messageCount} messages sent`);
      setMessage('');
    } catch (err) {
      errors.show(errorMessages(err));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Send SMS">
      {success.value ? (
        <Alert variant="success" role="status">
          {success.value}
        </Alert>
      ) : null}
      <ErrorAlert messages={errors.value} />
      <div className="mb-3">
        <label htmlFor={`${id}-msg`} className="form-label">
          Message
        </label>
        <textarea
          id={`${id}-msg`}
          className="form-control"
          rows={4}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-describedby={`${id}-count`}
        />
        <div id={`${id}-count`} className="form-text" aria-live="polite">
          {chars} character{chars === 1 ? '' : 's'} · {segments} segment{segments === 1 ? '' : 's'} of {LIMITS.smsSegment}
        </div>
      </div>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">Audience</legend>
        {(['All', 'Pro'] as const).map((a) => (
          <div key={a} className="form-check form-check-inline">
            <input
              className="form-check-input"
              type="radio"
              name={`${id}-audience`}
              id={`${id}-aud-${a}`}
              checked={audience === a}
              onChange={() => setAudience(a)}
            />
            <label className="form-check-label" htmlFor={`${id}-aud-${a}`}>
              {a}
            </label>
          </div>
        ))}
        <div className="form-text">Members with a validated phone and SMS alerts on; Pro limits it to paid members.</div>
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send SMS'}
      </button>
    </form>
  );
}
