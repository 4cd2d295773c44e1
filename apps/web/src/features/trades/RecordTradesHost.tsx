import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { RecordTradesModal } from './components/RecordTradesModal';
import type { TradeSplit } from './types';

interface RecordTrades {
  /** The split whose Record Trades is open, if any. */
  openId: string | null;
  open: (split: TradeSplit) => void;
  /** A newer copy of the open split (a live update), shown without closing. */
  refresh: (split: TradeSplit) => void;
}

const RecordTradesContext = createContext<RecordTrades | null>(null);

/**
 * Holds the open Record Trades above the split list, so the dialog belongs to the page and not to the
 * row whose pencil opened it: a refresh that moves the split to another table or day, or that rebuilds
 * the row, leaves it open.
 */
export function RecordTradesHost({ children }: { children: ReactNode }) {
  const [split, setSplit] = useState<TradeSplit | null>(null);
  const refresh = useCallback((next: TradeSplit) => setSplit((cur) => (cur?._id === next._id ? next : cur)), []);
  const value = useMemo(() => ({ openId: split?._id ?? null, open: setSplit, refresh }), [split?._id, refresh]);
  return (
    <RecordTradesContext.Provider value={value}>
      {children}
      {split ? <RecordTradesModal split={split} show onHide={() => setSplit(null)} /> : null}
    </RecordTradesContext.Provider>
  );
}

export function useRecordTrades(): RecordTrades {
  const host = useContext(RecordTradesContext);
  if (!host) throw new Error('RecordTradesButton needs a RecordTradesHost above it (app/composed-routes.tsx)');
  return host;
}
