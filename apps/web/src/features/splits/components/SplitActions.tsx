import { Link } from 'react-router';
import { isFullSplit, type Split, type SplitView } from '@roundup/shared/splits';
import { useSlots } from '../../../lib/slots';
import { LockIcon, NoteIcon } from './icons';

/**
 * Note icon (opens the Note modal) and the trade tracker pencil (members who may record trades), then the
 * member's progress on the split unless `progress` is false: the agenda puts it under the company name
 * (`SplitProgress`), where a phone has the room for it.
 */
export function SplitActions({
  split,
  canTrade,
  onNote,
  progress = true,
}: {
  split: SplitView;
  canTrade: boolean;
  onNote: (s: Split) => void;
  progress?: boolean;
}) {
  const { RecordTrades, TradeProgress } = useSlots();
  // A masked row carries no notes and takes no trades.
  if (!isFullSplit(split)) return null;
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-1">
      {split.notes || split.evidence?.sentence ? (
        <button
          type="button"
          className="btn btn-sm btn-link p-1 text-body-secondary"
          onClick={() => onNote(split)}
          aria-label={`Note for ${split.ticker}`}
          title="Note"
        >
          <NoteIcon />
        </button>
      ) : null}
      {canTrade && RecordTrades ? <RecordTrades split={split} /> : null}
      {progress && canTrade && TradeProgress ? <TradeProgress splitId={split._id} /> : null}
    </span>
  );
}

/** The member's progress on a split ("1/3 bought · …") on its own line, for members who may record trades. */
export function SplitProgress({ split, canTrade }: { split: SplitView; canTrade: boolean }) {
  const { TradeProgress } = useSlots();
  if (!isFullSplit(split) || !canTrade || !TradeProgress) return null;
  return (
    <div className="mt-1">
      <TradeProgress splitId={split._id} />
    </div>
  );
}

export function UpgradeButton({ size = 'sm', className = '' }: { size?: 'sm' | 'lg'; className?: string }) {
  return (
    <Link to="/upgrade/pro" className={`btn btn-primary btn-${size} d-inline-flex align-items-center gap-1 ${className}`}>
      <LockIcon /> Upgrade to Pro
    </Link>
  );
}
