import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkTradesInput,
  BulkTradesResponse,
  Reconcile,
  Trade,
  TradeFields,
  TradeLeg,
  TradeProgress,
} from '@roundup/shared';
import { api } from '../../lib/api-client';
import { earlyAnswer } from '../../lib/early-query';

export const splitTradesKey = (splitId: string) => ['trades', 'split', splitId] as const;

/** The caller's trades for one split (one per account at most). */
export function useSplitTrades(splitId: string, enabled: boolean) {
  return useQuery({
    queryKey: splitTradesKey(splitId),
    queryFn: ({ signal }) => api.get<{ trades: Trade[] }>(`/api/trades/split/${encodeURIComponent(splitId)}`, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** What the trade form sends: prices and dates; the outcome only when it is set (else the server keeps it). */
export type TradeInput = Partial<Pick<TradeFields, 'buy_date' | 'buy_price' | 'sell_date' | 'sell_price'>> &
  Partial<Pick<TradeFields, 'outcome' | 'outcome_date' | 'cash_in_lieu_amount'>> & { legs?: TradeLeg[] };

export function addTrade(input: TradeInput & { accountId: string; splitId: string }) {
  return api.post<{ trade: Trade }>('/api/trades/add', { newTrade: input });
}

export function editTrade(input: TradeInput & { _id: string }) {
  return api.post<{ trade: Trade }>('/api/trades/edit', { newTrade: input });
}

/** One action for many accounts (POST /api/trades/bulk): all or nothing, and what it saved, left as it was or left out. */
export function bulkTrades(input: BulkTradesInput) {
  return api.post<BulkTradesResponse>('/api/trades/bulk', input);
}

export const tradeProgressKey = ['trades', 'progress'] as const;

/** Where the member stands on each split they traded (one request for every row of the page). */
export function useTradeProgress() {
  return useQuery({
    queryKey: tradeProgressKey,
    queryFn: ({ signal }) => api.get<TradeProgress>('/api/trades/progress', { signal }),
    ...earlyAnswer<TradeProgress>('/api/trades/progress'),
  });
}

export const reconcileKey = ['trades', 'reconcile'] as const;

/** GET /api/trades/reconcile: accounts with no outcome past the due day, cash in lieu that may be owed. */
export function useReconcile() {
  return useQuery({
    queryKey: reconcileKey,
    queryFn: ({ signal }) => api.get<Reconcile>('/api/trades/reconcile', { signal }),
  });
}

export function useTradesChanged() {
  const qc = useQueryClient();
  return (splitId: string) => {
    void qc.invalidateQueries({ queryKey: splitTradesKey(splitId) });
    void qc.invalidateQueries({ queryKey: tradeProgressKey });
    void qc.invalidateQueries({ queryKey: reconcileKey });
    void qc.invalidateQueries({ queryKey: ['analytics'] });
  };
}
