import {
  ANNOUNCEMENT_KINDS,
  ANNOUNCEMENT_LABELS,
  ANNOUNCEMENT_MESSAGE_MAX,
  ANNOUNCEMENT_SUBJECT_MAX,
  sendAnnouncementRequest,
  type AnnouncementAudience,
  type AnnouncementKind,
} from '@roundup/shared/comms';
import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FieldRow, RadioGroup, SuccessAlert, TextAreaRow } from '../../../components/FormKit';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { errorMessages } from '../../../lib/api-client';
import { countOf, formatCount } from '../../../lib/format';
import { newRequestId } from '../../../lib/request-id';
import { useAnnouncementAudience, useSendAnnouncement } from '../api';

const HELP: Record<AnnouncementKind, string> = {
  general: 'Members with General announcements on: by email, and by SMS or WhatsApp if they turned those on.',
  newsletter: 'Members with Newsletter on, by email.',
};

const NOBODY: Record<AnnouncementKind, string> = {
  general: 'No member has General announcements turned on, so nobody would receive it.',
  newsletter: 'No member has the Newsletter turned on, so nobody would receive it.',
};

/** "42 members" and, beside it, the messages by channel ("42 emails · 3 SMS"). */
export function reachText(a: AnnouncementAudience): { members: string; channels: string } {
  const parts = [countOf(a.channels.email, 'email')];
  if (a.channels.sms > 0) parts.push(`${formatCount(a.channels.sms)} SMS`);
  if (a.channels.whatsapp > 0) parts.push(`${formatCount(a.channels.whatsapp)} WhatsApp`);
  return { members: countOf(a.recipients, 'member'), channels: parts.join(' · ') };
}

interface Draft {
  requestId: string;
  kind: AnnouncementKind;
  subject: string;
  message: string;
}

/** The confirmation: the draft as it will go, whom it reaches (or that nobody would get it), and Send. */
function ConfirmAnnouncement(p: {
  id: string;
  draft: Draft | null;
  label: string;
  audience: AnnouncementAudience | undefined;
  reach: { members: string; channels: string } | null;
  sending: boolean;
  sendErrors: string[] | null;
  onHide: () => void;
  onConfirm: () => void;
}) {
  const { draft } = p;
  const nobody = p.audience?.recipients === 0;
  return (
    <Modal show={draft !== null} onHide={p.onHide} centered aria-labelledby={`${p.id}-confirm-title`}>
      <Modal.Header closeButton>
        <Modal.Title id={`${p.id}-confirm-title`} as="h2" className="h5">
          Send this {p.label.toLowerCase()}?
        </Modal.Title>
      </Modal.Header>
      {draft ? (
        <Modal.Body>
          <p className="small text-body-secondary mb-1">{ANNOUNCEMENT_LABELS[draft.kind]}</p>
          <p className="fw-semibold mb-2 text-break">{draft.subject}</p>
          <div className="ru-announcement-preview mb-3">{draft.message}</div>
          {p.audience ? (
            nobody ? (
              <Alert variant="warning" className="mb-0">
                {NOBODY[draft.kind]}
              </Alert>
            ) : (
              <p className="mb-0">
                It goes to <strong>{p.reach?.members}</strong> ({p.reach?.channels}), each with an unsubscribe link. It cannot be
                taken back.
              </p>
            )
          ) : (
            <p className="mb-0 text-body-secondary">Counting members…</p>
          )}
          {p.sendErrors ? (
            <div className="text-danger mt-3" role="alert">
              {p.sendErrors.length === 1 ? (
                p.sendErrors[0]
              ) : (
                <ul className="mb-0 ps-3">
                  {p.sendErrors.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              )}
            </div>
          ) : null}
        </Modal.Body>
      ) : null}
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={p.onHide} disabled={p.sending}>
          Cancel
        </Button>
        <Button variant="primary" onClick={p.onConfirm} disabled={p.sending || !p.audience || nobody}>
          {p.sending ? 'Sending…' : p.reach && !nobody ? `Send to ${p.reach.members}` : 'Send'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/**
 * Send announcement (beyond the original product): a general announcement or a newsletter to the members who
 * turned it on. Shows whom it will reach, asks for confirmation, and sends each announcement
 * once: the request id made for a draft is kept until it is sent, so a double click or a retry
 * after an error cannot send it twice.
 */
export function SendAnnouncementForm() {
  const id = useId();
  const [kind, setKind] = useState<AnnouncementKind>('general');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState<Draft | null>(null);
  const [sendErrors, setSendErrors] = useState<string[] | null>(null);
  const lastDraft = useRef<Draft | null>(null);
  /** Set synchronously, so the second click of a double click (before React re-renders) does nothing. */
  const inFlight = useRef(false);
  const errors = useTimedMessage<string[]>(5000);
  const success = useTimedMessage<string>(5000);
  const audience = useAnnouncementAudience(kind);
  const send = useSendAnnouncement();
  const reach = audience.data ? reachText(audience.data) : null;
  const label = ANNOUNCEMENT_LABELS[kind];

  function review(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    success.clear();
    errors.clear();
    const parsed = sendAnnouncementRequest.omit({ requestId: true }).safeParse({ kind, subject, message });
    if (!parsed.success) {
      errors.show(parsed.error.issues.map((i) => i.message));
      return;
    }
    // The same draft keeps its request id (it may have been sent by an attempt whose answer was lost).
    const prev = lastDraft.current;
    const same = prev && prev.kind === kind && prev.subject === subject && prev.message === message;
    const draft = same ? prev : { requestId: newRequestId(), kind, subject, message };
    lastDraft.current = draft;
    setSendErrors(null);
    setConfirming(draft);
    void audience.refetch();
  }

  async function confirm() {
    if (!confirming || inFlight.current) return;
    inFlight.current = true;
    setSendErrors(null);
    try {
      const r = await send.mutateAsync(confirming);
      lastDraft.current = null;
      setConfirming(null);
      setSubject('');
      setMessage('');
      const what = ANNOUNCEMENT_LABELS[confirming.kind];
      success.show(
        r.duplicate
          ? `${what} already sent to ${countOf(r.recipients, 'member')}.`
          : `${what} sent to ${countOf(r.recipients, 'member')}.`,
      );
    } catch (err) {
      setSendErrors(errorMessages(err));
    } finally {
      inFlight.current = false;
    }
  }

  function hide() {
    if (send.isPending) return;
    setConfirming(null);
  }

  const subjectChars = subject.length;
  const messageChars = message.length;

  return (
    <>
      <form onSubmit={review} noValidate aria-label="Send announcement">
        <RadioGroup
          idPrefix={`${id}-kind`}
          legend="Kind"
          options={ANNOUNCEMENT_KINDS}
          value={kind}
          onChange={setKind}
          labelOf={(k) => ANNOUNCEMENT_LABELS[k]}
          help={HELP[kind]}
        />
        <FieldRow
          id={`${id}-subject`}
          label="Subject"
          help={`${formatCount(subjectChars)} of ${formatCount(ANNOUNCEMENT_SUBJECT_MAX)} characters`}
        >
          <input
            id={`${id}-subject`}
            className="form-control"
            value={subject}
            maxLength={ANNOUNCEMENT_SUBJECT_MAX}
            onChange={(e) => setSubject(e.target.value)}
            aria-describedby={`${id}-subject-help`}
          />
        </FieldRow>
        <TextAreaRow
          id={`${id}-msg`}
          label="Message"
          helpClassName={messageChars > ANNOUNCEMENT_MESSAGE_MAX ? 'text-danger' : ''}
          help={`${formatCount(messageChars)} of ${formatCount(ANNOUNCEMENT_MESSAGE_MAX)} characters · plain text; a blank line starts a new paragraph`}
          rows={6}
          value={message}
          onChange={setMessage}
          invalid={messageChars > ANNOUNCEMENT_MESSAGE_MAX}
        />
        <p className="small mb-3" aria-live="polite" data-testid="announcement-reach">
          {audience.isPending ? (
            <span className="text-body-secondary">Counting members…</span>
          ) : audience.isError ? (
            <span className="text-danger">Could not count the members it will reach.</span>
          ) : reach ? (
            <>
              Will reach <strong>{reach.members}</strong> <span className="text-body-secondary">({reach.channels})</span>
            </>
          ) : null}
        </p>
        {/* Beside the button: the form is long, a message at its top could be off screen. */}
        <SuccessAlert message={success.value} />
        <ErrorAlert messages={errors.value} />
        <button type="submit" className="btn btn-primary">
          Review and send…
        </button>
      </form>

      <ConfirmAnnouncement
        id={id}
        draft={confirming}
        label={label}
        audience={audience.data}
        reach={reach}
        sending={send.isPending}
        sendErrors={sendErrors}
        onHide={hide}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
