import { deadlineText } from '@roundup/shared/deadline';
import { closedText, countdownText, deadlineState } from '@roundup/shared/deadline-state';
import type { Split } from '@roundup/shared/splits';
import { callDeadlineText } from '@roundup/shared/split-call';
import { useNow } from '../../../components/useNow';
import { useMemberTimeZone } from '../../../lib/auth';

/**
 * The buy-by deadline to the minute: New York time and the member's own zone (their
 * profile setting), e.g. "Buy by 4:00 pm ET (1:00 pm PT) Thu Dec 11; halt 7:50 pm ET". It is live:
 * in the last hour it counts down, and after the close it reads "Closed 1:00 pm ET: too late to
 * buy" (decision 038). Only a whole split has one: the server sends a masked row without it.
 */
export function SplitDeadline({ split, className = '' }: { split: Split; className?: string }) {
  const timeZone = useMemberTimeZone();
  const now = useNow();
  if (split.status !== 'Upcoming' || !split.deadline) return null;
  const state = deadlineState(split.deadline, now);
  if (state.minutesLeft === null)
    return (
      <span className={`ru-deadline ${className} text-danger-emphasis`} data-testid="deadline" data-phase={state.phase}>
        {closedText(split.deadline)}
      </span>
    );
  return (
    <span className={`ru-deadline ${className}`} data-testid="deadline" data-phase={state.phase}>
      {callDeadlineText(deadlineText(split.deadline, timeZone ?? undefined), split)}
      {split.exchange ? <span className="text-body-secondary"> · {split.exchange}</span> : null}
      {state.phase === 'closing' ? <span className="badge text-bg-warning ms-1">{countdownText(state.minutesLeft)}</span> : null}
    </span>
  );
}
