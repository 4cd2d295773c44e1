import {
  CONFIRMATION_LABELS,
  conflictSentences,
  SOURCE_NAMES,
  type Confirmation,
  type ConfirmationState,
} from '@roundup/shared/confirmations';
import { formatInMarketTz, formatIsoDate } from '../../../lib/format';

const BADGE: Record<ConfirmationState, string> = {
  confirmed: 'text-bg-success',
  unconfirmed: 'text-bg-light border',
  conflict: 'text-bg-warning',
};

/**
 * What a second source says of a split, for Pro members and admins: the state as a
 * badge, and in a conflict the sentence of each disagreeing source ("Nasdaq lists 1-for-30 on Dec 12;
 * the filing said 1-for-40"). Renders nothing without `confirmation` (the server sends it only to them).
 */
export function ConfirmationLine({
  split,
  detail = false,
}: {
  split: { ratio: number; effDate: string; confirmation?: Confirmation };
  detail?: boolean;
}) {
  const c = split.confirmation;
  if (!c) return null;
  const sentences = c.state === 'conflict' ? conflictSentences(split, c.sources) : [];
  return (
    <div className="small mt-1" data-testid="confirmation">
      <span className={`badge ${BADGE[c.state]}`} data-state={c.state}>
        {CONFIRMATION_LABELS[c.state]}
      </span>
      {c.state === 'confirmed' && !detail ? (
        <span className="text-body-secondary ms-2">{c.sources.map((s) => SOURCE_NAMES[s.source]).join(', ')}</span>
      ) : null}
      {sentences.map((line) => (
        <p key={line} className="mb-0 mt-1 text-warning-emphasis" data-testid="confirmation-conflict">
          {line}.
        </p>
      ))}
      {detail && c.sources.length > 0 ? (
        <ul className="list-unstyled mb-0 mt-1 text-body-secondary">
          {c.sources.map((s) => (
            <li key={s.source}>
              {SOURCE_NAMES[s.source]}: {s.ratio ? `1-for-${s.ratio}` : 'ratio not listed'}
              {s.marketDate ? ` on ${formatIsoDate(s.marketDate, 'MMM d, yyyy')}` : ''} · seen{' '}
              {formatInMarketTz(s.seenAt, 'MMM d')} ·{' '}
              <a href={s.url} target="_blank" rel="noopener noreferrer nofollow">
                list
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
