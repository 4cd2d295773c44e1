import { minimumShares, type BrokerRules, type MinimumOrderRule } from '@roundup/shared/broker-rules';
import { formatPrice } from '@roundup/shared/money';
import { formatCount } from '../lib/format';

/** "100 shares under $1.00, 1,000 under $0.10", or null without a rule. */
export function describeMinimumOrder(rule: MinimumOrderRule): string | null {
  if (rule.length === 0) return null;
  const bands = [...rule].sort((a, b) => b.below - a.below);
  return bands.map((b, i) => `${formatCount(b.minShares)}${i === 0 ? ' shares' : ''} under ${formatPrice(b.below)}`).join(', ');
}

/**
 * A broker's order rules where accounts are traded (Record Trades, the buy checklist): the minimum order,
 * the minimum at the split's price when it is known, day-one delivery, a fraction handed back instead of
 * cash, what a new account may not buy, and the reorganisation fee. Nothing when none is known.
 */
export function BrokerRulesNote({ rules, price }: { rules: BrokerRules | null | undefined; price?: number | null }) {
  if (!rules) return null;
  const minimum = describeMinimumOrder(rules.minimumOrder);
  const atPrice = minimum && price ? minimumShares(rules.minimumOrder, price) : null;
  const parts = [
    minimum ? `Minimum order: ${minimum}` : null,
    atPrice && atPrice > 1 ? `at ${formatPrice(price!)}, buy at least ${formatCount(atPrice)}` : null,
    rules.dayOneDelivery ? 'Shares arrive on the effective date' : null,
    rules.returnsFraction ? 'Hands back the fraction, not a rounded-up share' : null,
    rules.newAccountRestriction ? `New accounts: ${rules.newAccountRestriction}` : null,
    rules.reorgFeeCents ? `Reverse-split fee ${formatPrice(rules.reorgFeeCents / 100)}` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <span className="d-block fw-normal small text-body-secondary" data-testid="broker-rules-note">
      {parts.join(' · ')}
    </span>
  );
}
