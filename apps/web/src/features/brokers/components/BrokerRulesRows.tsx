import { avoidsRoundUps, ROUND_UP_STATUS_LABELS, type BrokerRules } from '@roundup/shared/broker-rules';
import { describeMinimumOrder } from '../../../components/BrokerRulesNote';
import { formatIsoDate, formatMoney } from '../../../lib/format';

/**
 * A broker card's rules — minimum order, day-one delivery, round-up status with date and source, what the
 * broker does with a fraction, what a new account may not buy yet, and the reorganisation fee.
 */
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
      <dt className="col-12 col-sm-4 text-body-secondary fw-normal">Fractions</dt>
      <dd className="col-12 col-sm-8" data-testid="broker-returns-fraction">
        {rules.returnsFraction ? 'Hands back the fraction of a share instead of cash' : 'Pays cash for a fraction'}
      </dd>
      {rules.newAccountRestriction ? (
        <>
          <dt className="col-12 col-sm-4 text-body-secondary fw-normal">New accounts</dt>
          <dd className="col-12 col-sm-8 text-break" data-testid="broker-new-account">
            {rules.newAccountRestriction}
          </dd>
        </>
      ) : null}
      <dt className="col-12 col-sm-4 text-body-secondary fw-normal">Split fee</dt>
      <dd className="col-12 col-sm-8" data-testid="broker-reorg-fee">
        {rules.reorgFeeCents === null ? (
          <span className="text-body-secondary">Not known</span>
        ) : rules.reorgFeeCents === 0 ? (
          'None'
        ) : (
          formatMoney(rules.reorgFeeCents / 100)
        )}
      </dd>
    </>
  );
}
