import { useEffect } from 'react';
import { useRecordTrades } from './RecordTradesHost';
import type { TradeSplit } from './types';

export { RecordTradesHost } from './RecordTradesHost';

/**
 * The pencil on a split (product.md#screens /reverse-splits, Pro members): opens Record Trades, which the
 * page's RecordTradesHost keeps open however the list redraws this row. Render it only for callers who
 * may record trades (permission `trades:record`).
 */
export function RecordTradesButton({ split, className }: { split: TradeSplit; className?: string }) {
  const { openId, open, refresh } = useRecordTrades();
  // The open dialog shows the split as the list has it now (a live update of its dates, say).
  useEffect(() => {
    if (openId === split._id) refresh(split);
  }, [openId, split, refresh]);
  return (
    <button
      type="button"
      className={`btn btn-sm btn-link p-1 text-primary ${className ?? ''}`}
      onClick={() => open(split)}
      aria-label={`Record trades for ${split.ticker}`}
      title="Record trades"
      data-testid={`record-trades-${split.ticker}`}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
