import { lazy, Suspense, useState, type ComponentProps, type Ref } from 'react';

/**
 * The floating Feedback button on every page (product.md §2). The popover and its positioning
 * library load on first interaction, keeping them out of the landing route's initial JS.
 */
const loadPopover = () => import('./FeedbackPopover');
const FeedbackPopover = lazy(loadPopover);

export function FeedbackButton({ ref, ...props }: ComponentProps<'button'> & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <button ref={ref} type="button" className="btn btn-primary shadow ru-feedback-button" {...props}>
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="me-1">
        <path d="M4 5h16v10H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      Feedback
    </button>
  );
}

export function FeedbackWidget() {
  const [activated, setActivated] = useState(false);
  const preload = () => void loadPopover();
  const placeholder = (
    <FeedbackButton
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setActivated(true)}
    />
  );
  if (!activated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <FeedbackPopover initialOpen />
    </Suspense>
  );
}
