import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { FeedbackButton } from './FeedbackButton';

/**
 * The floating Feedback button of product.md#screens: a popover "Send some feedback" with Email and
 * "Your thoughts?". Empty email or text → close, nothing sent. Success → close.
 * Errors are only logged (product.md#messages) and the popover stays open.
 */
export function FeedbackPopover({ initialOpen = false }: { initialOpen?: boolean }) {
  const { data: user } = useAuth();
  const [open, setOpen] = useState(initialOpen);
  // Email the visitor typed; signed-in users get their own email unless they typed another.
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const [feedback, setFeedback] = useState('');
  const [sending, setSending] = useState(false);
  const email = typedEmail ?? user?.email ?? '';
  const headingId = useId();
  const emailId = useId();
  const thoughtsId = useId();

  const {
    refs: { setReference, setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open,
    onOpenChange: setOpen,
    placement: 'top-end',
    middleware: [offset(10), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const click = useClick(context);
  const dismiss = useDismiss(context); // Escape and outside press
  const role = useRole(context, { role: 'dialog' });
  const { getReferenceProps, getFloatingProps } = useInteractions([click, dismiss, role]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmedEmail = email.trim();
    const trimmedFeedback = feedback.trim();
    if (!trimmedEmail || !trimmedFeedback) {
      setOpen(false);
      return;
    }
    setSending(true);
    try {
      await api.post('/api/feedback/new', { email: trimmedEmail, feedback: trimmedFeedback });
      setFeedback('');
      setOpen(false);
    } catch (error) {
      console.warn('Feedback could not be sent', error);
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <FeedbackButton ref={setReference} {...getReferenceProps()} />
      {open ? (
        <FloatingFocusManager context={context} modal={false}>
          <div
            ref={setFloating}
            style={floatingStyles}
            className="ru-feedback-popover card shadow-lg"
            aria-labelledby={headingId}
            {...getFloatingProps()}
          >
            <form className="card-body" onSubmit={onSubmit} noValidate>
              <h2 id={headingId} className="h6 fw-semibold mb-3">
                Send some feedback
              </h2>
              <div className="mb-2">
                <label htmlFor={emailId} className="form-label small mb-1">
                  Email
                </label>
                <input
                  id={emailId}
                  type="email"
                  className="form-control form-control-sm"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setTypedEmail(e.target.value)}
                />
              </div>
              <div className="mb-3">
                <label htmlFor={thoughtsId} className="form-label small mb-1">
                  Your thoughts?
                </label>
                <textarea
                  id={thoughtsId}
                  className="form-control form-control-sm"
                  rows={4}
                  maxLength={5000}
                  value={feedback}
                  onChange={(e) => setFeedback(e.target.value)}
                />
              </div>
              <button type="submit" className="btn btn-primary btn-sm w-100" disabled={sending}>
                Send Feedback
              </button>
            </form>
          </div>
        </FloatingFocusManager>
      ) : null}
    </>
  );
}

export default FeedbackPopover;
