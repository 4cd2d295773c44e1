import type { ComponentProps, Ref } from 'react';

/** The floating Feedback button itself: the widget shows it, the popover anchors to it. */
export function FeedbackButton({ ref, ...props }: ComponentProps<'button'> & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <button ref={ref} type="button" className="btn btn-primary shadow ru-feedback-button" {...props}>
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="me-1">
        <path d="M4 5h16v10H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span className="ru-feedback-label">Feedback</span>
    </button>
  );
}
