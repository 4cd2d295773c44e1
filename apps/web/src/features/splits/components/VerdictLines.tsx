import { verdictText, type SplitVerdict, type VerdictOutcome } from '@roundup/shared/verdicts';

const TONE: Record<VerdictOutcome, string> = {
  share_received: 'text-bg-success',
  fraction_kept: 'text-bg-info',
  cash_in_lieu: 'text-bg-warning',
  clawed_back: 'text-bg-danger',
  no_credit: 'text-bg-danger',
};

const LABEL: Record<VerdictOutcome, string> = {
  share_received: 'Rounded up',
  fraction_kept: 'Fraction kept',
  cash_in_lieu: 'Cash in lieu',
  clawed_back: 'Clawed back',
  no_credit: 'No credit',
};

/**
 * What three or more members report per broker (decision 044), for Pro members and admins: a badge for
 * the outcome and the sentence the alert carried. Renders nothing without `verdicts` (the server sends
 * them only to them) or when there are none yet.
 */
export function VerdictLines({ split }: { split: { ticker: string; verdicts?: SplitVerdict[] } }) {
  const list = split.verdicts ?? [];
  if (list.length === 0) return null;
  return (
    <ul className="list-unstyled small fw-normal mb-0 mt-1" aria-label={`What members report on ${split.ticker}`}>
      {list.map((v) => (
        <li key={`${v.brokerId}:${v.outcome}`} className="mt-1 text-wrap" data-testid="verdict" data-outcome={v.outcome}>
          <span className={`badge ${TONE[v.outcome]} me-1`}>{LABEL[v.outcome]}</span>
          <span className="text-body">{verdictText(split, v)}</span>
        </li>
      ))}
    </ul>
  );
}
