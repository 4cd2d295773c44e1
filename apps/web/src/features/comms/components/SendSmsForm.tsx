import { SMS_MESSAGE_REQUIRED, smsSegmentCount } from '@roundup/shared/comms';
import { LIMITS } from '@roundup/shared/domain';
import { useId, useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { RadioGroup, SuccessAlert, TextAreaRow } from '../../../components/FormKit';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { errorMessages } from '../../../lib/api-client';
import { useSendSms } from '../api';

const SMS_AUDIENCES = ['All', 'Pro'] as const;

/** Send SMS (product.md#screens, product.md#validation, product.md#messages): message required, audience All or Pro, live characters and 70-character segments. */
export function SendSmsForm() {
  const id = useId();
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<(typeof SMS_AUDIENCES)[number]>('All');
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
      <SuccessAlert message={success.value} />
      <ErrorAlert messages={errors.value} />
      <TextAreaRow
        id={`${id}-msg`}
        label="Message"
        liveHelp
        help={`${chars} character${chars === 1 ? '' : 's'} · ${segments} segment${segments === 1 ? '' : 's'} of ${LIMITS.smsSegment}`}
        rows={4}
        value={message}
        onChange={setMessage}
      />
      <RadioGroup
        idPrefix={`${id}-aud`}
        legend="Audience"
        options={SMS_AUDIENCES}
        value={audience}
        onChange={setAudience}
        help="Members with a validated phone and SMS alerts on; Pro limits it to paid members."
      />
      <button type="submit" className="btn btn-primary" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send SMS'}
      </button>
    </form>
  );
}
