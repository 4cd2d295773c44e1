import { deadlineText } from '@roundup/shared/deadline';
import type { Split } from '@roundup/shared/splits';
import { callDeadlineText } from '@roundup/shared/split-call';
import { useMemberTimeZone } from '../../../lib/auth';

/**
 * The buy-by deadline to the minute (issue 25 §3): New York time and the member's own zone (their
 * profile setting), e.g. "Buy by 4:00 pm ET (1:00 pm PT) Thu Dec 11; halt 7:50 pm ET". Only a whole
 * split has one: the server sends a masked row without it.
 */
export function SplitDeadline({ split, className = '' }: { split: Split; className?: string }) {
  const timeZone = useMemberTimeZone();
  if (split.status !== 'Upcoming' || !split.deadline) return null;
  return (
    <span className={`ru-deadline ${className}`} data-testid="deadline">
      {callDeadlineText(deadlineText(split.deadline, timeZone ?? undefined), split)}
      {split.exchange ? <span className="text-body-secondary"> · {split.exchange}</span> : null}
    </span>
  );
}
