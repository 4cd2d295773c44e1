import type { Trade } from '@roundup/shared';
import { formatIsoDate } from '../../../lib/format';
import { otherLegs } from '../row-legs';

/** A multi-leg trade's legs beside its row: the shares bought, and the legs the row does not edit. */
export function LegsNote({ trade, effDate }: { trade: Trade; effDate: string }) {
  const buy = trade.legs.find((l) => l.side === 'buy');
  const parts = otherLegs(trade, effDate).map(
    (l) =>
      `${l.side === 'buy' ? 'bought' : 'sold'} ${l.quantity}${l.price === null ? '' : ` at ${l.price}`}${
        l.date ? ` on ${formatIsoDate(l.date, 'MMM d')}` : ''
      }`,
  );
  return (
    <span className="text-body-secondary small d-block" data-testid="trade-legs-note">
      {[buy ? `Buy ${buy.quantity}` : null, ...parts].filter(Boolean).join(' · ')}
    </span>
  );
}
