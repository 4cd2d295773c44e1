import { splitDeadline, type Deadline, type Exchange } from '@roundup/shared/deadline';
import { deadlineState, liveDeadlineText } from '@roundup/shared/deadline-state';
import { useNow } from './useNow';

/** A split's deadline: the one the server sent, or the same rule run here from its buy-by date and listing. */
export function deadlineOf(s: { buyDate: string; exchange?: Exchange | null; deadline?: Deadline | null }): Deadline {
  return s.deadline ?? splitDeadline(s.buyDate, s.exchange ?? null);
}

/**
 * The deadline as it reads now, for a line about buying (To do, Record Trades): "Buy by 1:00 pm ET",
 * with "· Closes in 42 min" in the last hour, and "Closed 1:00 pm ET: too late to buy" after it.
 */
export function LiveDeadline({
  deadline,
  timeZone,
  className = '',
}: {
  deadline: Deadline;
  timeZone?: string;
  className?: string;
}) {
  const now = useNow();
  const { phase } = deadlineState(deadline, now);
  // A day after the close the deadline is history: the line says nothing rather than "too late".
  if (phase === 'past') return null;
  const tone =
    phase === 'closing' ? 'text-warning-emphasis fw-semibold' : phase === 'open' ? '' : 'text-danger-emphasis fw-semibold';
  return (
    <span className={`${tone} ${className}`} data-testid="live-deadline" data-phase={phase}>
      {liveDeadlineText(deadline, now, timeZone)}
    </span>
  );
}
