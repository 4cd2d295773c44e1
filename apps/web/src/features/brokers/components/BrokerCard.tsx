import { shareReturnSpeed, type Broker } from '@roundup/shared/brokers';
import { RATING_MAX } from '@roundup/shared/domain';
import { avoidsRoundUps, ROUND_UP_STATUS_LABELS } from '@roundup/shared/broker-rules';
import { SafeHtml } from '../../../components/SafeHtml';
import { BrokerRulesRows } from './BrokerRulesRows';
import { accountTypesOf } from '../public-api';
import { Stroke } from '../../../components/Stroke';

/** Rating as 0–5 dollar signs (product.md#screens; default 0). */
export function DollarRating({ rating }: { rating: number | null | undefined }) {
  const value = Math.max(0, Math.min(RATING_MAX, Math.round(rating ?? 0)));
  return (
    <span className="rp-rating" role="img" aria-label={`Rating: ${value} out of ${RATING_MAX}`}>
      <span className="rp-rating-on" aria-hidden="true">
        {'$'.repeat(value)}
      </span>
      <span className="rp-rating-off" aria-hidden="true">
        {'$'.repeat(RATING_MAX - value)}
      </span>
    </span>
  );
}

const SPEED_LABEL = { short: 'Fast', medium: 'Medium', long: 'Slow' } as const;

/** Share return time with its icon: 0–1 short, 2–5 medium, 10 or 14 long (product.md#screens). */
export function ShareReturn({ days }: { days: number }) {
  const speed = shareReturnSpeed(days);
  const text = days === 0 ? 'Same day' : days === 1 ? '1 day' : `${days} days`;
  return (
    <span className={`d-inline-flex align-items-center gap-2 rp-return-${speed}`}>
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {speed === 'short' ? (
          <path d="M13 2 L4 14 H11 L10 22 L20 9 H13 Z" fill="currentColor" />
        ) : speed === 'medium' ? (
          <>
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <Stroke d="M12 7 V12 L15.5 14" width="2.2" miter />
          </>
        ) : (
          <Stroke
            d="M6 3 H18 M6 21 H18 M7 3 C7 9 12 10 12 12 C12 14 7 15 7 21 M17 3 C17 9 12 10 12 12 C12 14 17 15 17 21"
            width="2"
            miter
          />
        )}
      </svg>
      <span className="fw-semibold">{text}</span>
      <span className="badge rounded-pill text-bg-light border">{SPEED_LABEL[speed]}</span>
    </span>
  );
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function brokerAnchor(b: Pick<Broker, '_id' | 'name'>): string {
  return `broker-${slug(b.name) || b._id}`;
}

/** One broker card of /brokers (product.md#screens). */
export function BrokerCard({ broker }: { broker: Broker }) {
  const types = accountTypesOf(broker);
  const titleId = `${brokerAnchor(broker)}-name`;
  return (
    <article id={brokerAnchor(broker)} className="rp-broker-card p-3 p-md-4 h-100 d-flex flex-column" aria-labelledby={titleId}>
      {broker.headline ? <p className="rp-eyebrow small mb-2">{broker.headline}</p> : null}
      <div className="d-flex align-items-center gap-3 mb-3">
        {broker.logo ? (
          <img className="rp-broker-logo" src={broker.logo} alt={`${broker.name} logo`} width={56} height={56} decoding="async" />
        ) : null}
        <div className="flex-grow-1">
          <h2 id={titleId} className="h5 mb-1">
            {broker.name}
          </h2>
          <DollarRating rating={broker.rating} />
        </div>
      </div>

      <dl className="row small mb-2 gx-2">
        <dt className="col-12 col-sm-4 text-body-secondary fw-normal">Account types</dt>
        <dd className="col-12 col-sm-8">
          {types.length > 0 ? (
            <ul className="list-inline mb-0">
              {types.map((t) => (
                <li key={t} className="list-inline-item badge rounded-pill text-bg-light border fw-semibold me-1 mb-1">
                  {t}
                </li>
              ))}
            </ul>
          ) : (
            'Not listed'
          )}
        </dd>
        <dt className="col-12 col-sm-4 text-body-secondary fw-normal">Share return</dt>
        <dd className="col-12 col-sm-8">
          <ShareReturn days={broker.shareReturnTime} />
        </dd>
        <dt className="col-12 col-sm-4 text-body-secondary fw-normal">Members report</dt>
        <dd className="col-12 col-sm-8" data-testid="broker-measured">
          {broker.measured ? (
            <>
              <span className="fw-semibold">{Math.round(broker.measured.shareReceivedRate * 100)}% got the share</span>
              {broker.measured.medianReturnDays !== null ? (
                <span>
                  , in {broker.measured.medianReturnDays} {broker.measured.medianReturnDays === 1 ? 'day' : 'days'} (median)
                </span>
              ) : null}
              <span className="d-block text-body-secondary">
                from {broker.measured.samples} recorded round-ups of {broker.measured.members} members
              </span>
            </>
          ) : (
            <span className="text-body-secondary">Not enough recorded round-ups yet</span>
          )}
        </dd>
        <BrokerRulesRows rules={broker} />
      </dl>

      {broker.fees ? (
        <section className="mb-3" aria-label={`${broker.name} fees`}>
          <h3 className="h6 mb-1">Fees</h3>
          <SafeHtml html={broker.fees} className="rp-rich small" />
        </section>
      ) : null}
      {broker.signupPromo ? (
        <section className="mb-3" aria-label={`${broker.name} sign-up promo`}>
          <h3 className="h6 mb-1">Sign-up promo</h3>
          <SafeHtml html={broker.signupPromo} className="rp-rich small" />
        </section>
      ) : null}
      {broker.reviewBlurb ? <p className="small fst-italic mb-3">&ldquo;{broker.reviewBlurb}&rdquo;</p> : null}

      {avoidsRoundUps(broker.roundUpStatus) ? (
        <p className="alert alert-warning small mt-auto mb-0" role="note">
          <strong>{ROUND_UP_STATUS_LABELS[broker.roundUpStatus!]}.</strong> We do not suggest opening an account here for the
          strategy; its accounts are left out of “Apply to” by default.
        </p>
      ) : broker.honoursRoundUps === false ? (
        <p className="alert alert-warning small mt-auto mb-0" role="note">
          <strong>Members mostly get cash here, not the share.</strong> This broker does not honour round-ups for most of our
          members, so we do not suggest opening an account for the strategy.
        </p>
      ) : broker.refLink && /^https?:\/\//i.test(broker.refLink) ? (
        <a className="btn btn-primary mt-auto" href={broker.refLink} target="_blank" rel="noopener noreferrer sponsored">
          Open an Account<span className="visually-hidden"> with {broker.name} (opens in a new tab)</span>
        </a>
      ) : null}
    </article>
  );
}
