import { capitalise, sellAsText, symbolChanges, type PostSplit } from '@roundup/shared/post-split';
import { todayInMarket } from '@roundup/shared/dates';

/**
 * The symbol to sell when the split gives the shares a new one (Pro and admin rows carry `postSplit`; others
 * show nothing): "Sell as NEWT (was OLDT)" from the effective date, "After the split: sell as NEWT (was
 * OLDT)" before it, with the new CUSIP when the list names it.
 */
export function SellAsLine({
  split,
  className = 'small mt-1',
}: {
  split: { ticker: string; effDate: string; postSplit?: PostSplit | null };
  className?: string;
}) {
  const post = split.postSplit;
  if (!symbolChanges(split.ticker, post)) return null;
  const text = sellAsText(split.ticker, post);
  const after = todayInMarket() >= split.effDate;
  return (
    <div className={className} data-testid="sell-as">
      <span className="fw-semibold">{after ? capitalise(text) : `After the split: ${text}`}</span>
      {post.cusip ? <span className="text-body-secondary"> · CUSIP {post.cusip}</span> : null}
    </div>
  );
}
