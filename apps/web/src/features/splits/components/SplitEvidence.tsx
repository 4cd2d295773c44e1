import type { IssuerHistoryEntry, SplitEvidence as Evidence } from '@roundup/shared/split-call';
import type { SplitRisk } from '@roundup/shared/split-risk';
import { formatInMarketTz, formatIsoDate } from '../../../lib/format';
import { RiskReasons } from './SplitRisk';

/**
 * What the filing said, on the split itself, the issuer's earlier splits and its risk (decision 045):
 * "From the filing: “…”", the filing link with its acceptance time, "Earlier splits: …", "Risk: …".
 * Pro members and admins only: the server sends `evidence`, `history` and `risk` to nobody else, so
 * this renders nothing for them.
 */
export function SplitEvidence({
  evidence,
  history,
  filingUrl,
  acceptedAt,
  sentence,
  risk,
}: {
  risk?: SplitRisk;
  evidence?: Evidence;
  history?: IssuerHistoryEntry[];
  filingUrl?: string | null;
  acceptedAt?: string | null;
  sentence?: string | null;
}) {
  const url = filingUrl ?? evidence?.filingUrl ?? null;
  const said = sentence ?? evidence?.sentence ?? null;
  const at = acceptedAt ?? evidence?.acceptedAt ?? null;
  if (!evidence && !history && !url && !said && !risk) return null;
  return (
    <div className="small mt-2 ru-evidence" data-testid="evidence">
      {said ? (
        <p className="mb-1">
          <span className="fw-semibold">From the filing:</span> <q className="fst-italic">{said}</q>
        </p>
      ) : null}
      {url ? (
        <p className="mb-1 text-body-secondary">
          <a href={url} target="_blank" rel="noopener noreferrer nofollow">
            Filing
          </a>
          {at ? ` · accepted ${formatInMarketTz(at, 'MMM d, yyyy h:mm a')} ET` : null}
        </p>
      ) : null}
      {history ? (
        <p className="mb-0 text-body-secondary" data-testid="issuer-history">
          <span className="fw-semibold text-body">Earlier splits:</span>{' '}
          {history.length === 0
            ? 'none in our history'
            : history.map((h) => `1-for-${h.ratio} on ${formatIsoDate(h.date, 'MMM d, yyyy')} (${h.rounding})`).join('; ')}
        </p>
      ) : null}
      <RiskReasons risk={risk} />
    </div>
  );
}
