import { formatMoney } from '../../../lib/format';
import { splitCall, type CallFacts, type SplitCallKind } from '@roundup/shared/split-call';

const TONE: Record<SplitCallKind, string> = {
  'round-up': 'text-bg-success',
  'round-up-participant': 'text-bg-info',
  'round-lot': 'text-bg-success',
  'cash-in-lieu': 'text-bg-secondary',
  dividend: 'text-bg-secondary',
  unconfirmed: 'text-bg-warning',
};

/**
 * The call as a badge: "Round up", "Round up (participant level)", "Cash in lieu", "Unconfirmed";
 * amber while a warning holds a round-up back ("Round up: check the filing", "Round up: Nasdaq says 1-for-40").
 */
export function CallBadge({ split, className = '' }: { split: CallFacts; className?: string }) {
  const c = splitCall(split);
  return (
    <span
      className={`badge ${c.warning ? 'text-bg-warning' : TONE[c.kind]} ${className}`}
      data-testid="call"
      data-call={c.kind}
      data-warning={c.warning ?? undefined}
      title={c.caveat ?? undefined}
    >
      {c.label}
    </span>
  );
}

/**
 * The estimated profit only when the call is a round-up (participant level says so beside it);
 * otherwise what is known, never a figure.
 */
export function CallProfit({ split, label = false }: { split: CallFacts & { estProfit: number }; label?: boolean }) {
  const c = splitCall(split);
  if (!c.buy)
    return (
      <span className="text-body-secondary small fw-normal" data-testid="no-profit">
        No profit estimate: {c.known}
      </span>
    );
  return (
    <span data-testid="profit">
      {label ? 'Est. profit ' : null}
      <strong className="text-body">{formatMoney(split.estProfit)}</strong>
      {c.kind === 'round-up-participant' ? (
        <span className="small text-body-secondary fw-normal"> (participant level)</span>
      ) : null}
    </span>
  );
}
