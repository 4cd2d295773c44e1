import { avoidsRoundUps, ROUND_UP_STATUS_LABELS, type BrokerRules } from '@roundup/shared/broker-rules';
import { describeMinimumOrder } from '../../../components/BrokerRulesNote';
import { formatIsoDate } from '../../../lib/format';

/** Issue 26 §3: a broker card's rules — minimum order, day-one delivery, round-up status with date and source. */
export function BrokerRulesRows({ rules }: { rules: BrokerRules }) {
  const minimum = describeMinimumOrder(rules.minimumOrder);
  const status = rules.roundUpStatus;
  return (
    <>
      <dt className="col-12 col-sm-4 text-body-secondary fw-normal">Minimum order</dt>
      <dd className="col-12 col-sm-8" data-testid="broker-minimum-order">
        {minimum ?? '1 share'}
      </dd>
      <dt className="col-12 col-sm-4 text-body-secondary fw-normal">Day-one delivery</dt>
      <dd className="col-12 col-sm-8" data-testid="broker-day-one">
        {rules.dayOneDelivery === null ? (
          <span className="text-body-secondary">Not known</span>
        ) : rules.dayOneDelivery ? (
          'Yes: the share arrives on the effective date'
        ) : (
          'No'
        )}
      </dd>
      <dt className="col-12 col-sm-4 text-body-secondary fw-normal">Round-ups</dt>
      <dd className="col-12 col-sm-8" data-testid="broker-round-up-status">
        {status ? (
          <>
            <span className={`fw-semibold ${avoidsRoundUps(status) ? 'text-danger-emphasis' : ''}`}>
              {ROUND_UP_STATUS_LABELS[status]}
            </span>
            {rules.roundUpStatusDate ? <span> as of {formatIsoDate(rules.roundUpStatusDate, 'MMM d, yyyy')}</span> : null}
            {rules.roundUpStatusSource ? (
              <span className="d-block text-body-secondary text-break">Source: {rules.roundUpStatusSource}</span>
            ) : null}
          </>
        ) : (
          <span className="text-body-secondary">Not known</span>
        )}
      </dd>
    </>
  );
}
