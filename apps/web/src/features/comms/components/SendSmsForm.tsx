import { SMS_MESSAGE_REQUIRED, smsSegmentCount } from '@roundup/shared/comms';
import { LIMITS } from '@roundup/shared/domain';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { RadioGroup, SuccessAlert, TextAreaRow } from '../../../components/FormKit';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { errorMessages } from '../../../lib/api-client';
import { smsAudience, useSendSms } from '../api';

const SMS_AUDIENCES = ['All', 'Pro'] as const;

/** Send SMS (product.md#screens, product.md#validation, product.md#messages): message required, audience All or Pro, live characters and 70-character segments. */
export function SendSmsForm() {
  const id = useId();
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<(typeof SMS_AUDIENCES)[number]>('All');
  const errors = useTimedMessage<string[]>(5000);
  const success = useTimedMessage<string>(5000);
  const send = useSendSms();
  // The members it reaches, counted when Send is pressed; the dialog asks once before anything goes.
  const [asking, setAsking] = useState<number | null>(null);
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
      setAsking((await smsAudience(audience)).recipients);
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
      <button type="submit" className="btn btn-primary" disabled={send.isPending || asking !== null}>
        {send.isPending ? 'Sending…' : 'Send SMS'}
      </button>
      <ConfirmDialog
        show={asking !== null}
        title="Send this SMS?"
        onConfirm={() => send.mutateAsync({ message, audience })}
        onDone={(r) => {
          setAsking(null);
          success.show(`${r.messageCount} messages sent`);
          setMessage('');
        }}
        onHide={() => setAsking(null)}
        confirmLabel="Send SMS now"
        busyLabel="Sending…"
      >
        <p className="mb-0">
          Text {asking} {asking === 1 ? 'member' : 'members'} ({audience === 'Pro' ? 'Pro members' : 'all members'} with a
          validated phone and SMS alerts on)?
        </p>
      </ConfirmDialog>
    </form>
  );
}
