import { RISK_LEVEL_LABELS, type SplitRisk } from '@roundup/shared/split-risk';

const TONE = { normal: 'text-bg-light border', elevated: 'text-bg-warning', high: 'text-bg-danger' } as const;

/**
 * The issuer's risk as a small badge beside the call ("Elevated risk", "High risk"); nothing when no
 * reason applies, so an ordinary split stays quiet. Pro members and admins only: the server sends
 * `risk` to nobody else (decision 045).
 */
export function RiskBadge({ risk, className = '' }: { risk?: SplitRisk; className?: string }) {
  if (!risk || risk.level === 'normal') return null;
  const first = risk.reasons[0]?.text;
  return (
    <span className={`badge ${TONE[risk.level]} ${className}`} data-testid="risk" data-risk={risk.level} title={first}>
      {RISK_LEVEL_LABELS[risk.level]}
    </span>
  );
}

/** Each reason in one plain line with its source; "No known issuer risk" when none applies. */
export function RiskReasons({ risk }: { risk?: SplitRisk }) {
  if (!risk) return null;
  return (
    <div className="small mt-1 ru-risk" data-testid="risk-reasons">
      <span className="fw-semibold">Risk: </span>
      {risk.reasons.length === 0 ? (
        <span className="text-body-secondary">
          no known issuer risk (<a href="/learn/risks">what we check</a>)
        </span>
      ) : (
        <ul className="mb-0 ps-3">
          {risk.reasons.map((r, i) => (
            <li key={`${r.code}-${i}`} data-code={r.code}>
              {r.text}
              {r.source ? (
                <>
                  {' '}
                  (
                  <a
                    href={r.source}
                    {...(r.source.startsWith('/') ? {} : { target: '_blank', rel: 'noopener noreferrer nofollow' })}
                  >
                    source
                  </a>
                  )
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
