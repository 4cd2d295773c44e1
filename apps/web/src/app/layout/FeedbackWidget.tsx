import { lazy, Suspense, useState } from 'react';
import { FeedbackButton } from './FeedbackButton';

/**
 * The floating Feedback button on every page (product.md#screens). The popover and its positioning
 * library load on first interaction, keeping them out of the landing route's initial JS.
 */
const loadPopover = () => import('./FeedbackPopover');
const FeedbackPopover = lazy(loadPopover);

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
