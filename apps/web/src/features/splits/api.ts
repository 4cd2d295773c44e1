import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SplitMemberStats, SplitOutcomes } from '@roundup/shared';
import type { SplitPreview } from '@roundup/shared/accept-preview';
import type { ConfirmationHistory } from '@roundup/shared/confirmations';
import type { PipelineView } from '@roundup/shared/pipeline';
import type { AddClawbackRequest, IssuerClawback } from '@roundup/shared/split-risk';
import type {
  DeleteSplitResult,
  SavedSplitResult,
  Split,
  SplitFormValues,
  SplitView,
  UndoSplitAlertsResult,
} from '@roundup/shared/splits';
import { api } from '../../lib/api-client';
import { earlyAnswer } from '../../lib/early-query';

export const splitKeys = {
  all: ['rs'] as const,
  list: ['rs', 'list'] as const,
  one: (id: string) => ['rs', 'one', id] as const,
  feed: ['rs', 'ical'] as const,
  pipeline: ['rs', 'pipeline'] as const,
};

/**
 * GET /api/rs/pipeline — splits not dated yet. Pro members get each entry whole with its
 * evidence; Starter members get masked entries (stage only) from the server.
 */
export function usePipeline() {
  return useQuery({
    queryKey: splitKeys.pipeline,
    queryFn: async ({ signal }) => (await api.get<{ entries: PipelineView[] }>('/api/rs/pipeline', { signal })).entries,
  });
}

/** Admin: the issuers' recorded clawbacks of round-up shares (decision 045). */
export function useClawbacks() {
  return useQuery({
    queryKey: [...splitKeys.all, 'clawbacks'],
    queryFn: async ({ signal }) => (await api.get<{ clawbacks: IssuerClawback[] }>('/api/admin/clawbacks', { signal })).clawbacks,
  });
}

/** Admin: record a clawback; every split of the issuer then shows it in its risk. */
export function useAddClawback() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: AddClawbackRequest) =>
      (await api.post<{ clawback: IssuerClawback }>('/api/admin/clawbacks', input)).clawback,
    onSuccess: () => qc.invalidateQueries({ queryKey: splitKeys.all }),
  });
}

/** Follow or stop following a pipeline entry (the deficiency watchlist); the list is updated in place. */
export function useFollowPipeline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; follow: boolean }) =>
      api.post<{ id: string; following: boolean }>(`/api/rs/pipeline/${input.follow ? 'follow' : 'unfollow'}`, { id: input.id }),
    onSuccess: (r) =>
      qc.setQueryData<PipelineView[]>(splitKeys.pipeline, (list) =>
        list?.map((e) => (e._id === r.id && !e.masked ? { ...e, following: r.following } : e)),
      ),
  });
}

/**
 * GET /api/rs — every split this user may see. For Starter users the server replaces the splits
 * they may not see by masked rows that carry only their days and a placeholder id (`SplitView`).
 */
export function useSplits() {
  return useQuery({
    queryKey: splitKeys.list,
    queryFn: async ({ signal }) => (await api.get<{ splits: SplitView[] }>('/api/rs', { signal })).splits,
    ...earlyAnswer('/api/rs', (r: { splits: SplitView[] }) => r.splits),
  });
}

export function useSplit(id: string | undefined) {
  return useQuery({
    queryKey: splitKeys.one(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) =>
      (await api.get<{ split: Split }>(`/api/rs/ticker/${encodeURIComponent(id ?? '')}`, { signal })).split,
  });
}

export function useFeedUrl(enabled: boolean) {
  return useQuery({
    queryKey: splitKeys.feed,
    enabled,
    queryFn: async ({ signal }) => (await api.get<{ url: string }>('/api/rs/ical', { signal })).url,
  });
}

export function useResetFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<{ url: string }>('/api/rs/ical/reset')).url,
    onSuccess: (url) => qc.setQueryData(splitKeys.feed, url),
  });
}

export type SplitPayload = SplitFormValues & { _id?: string };

export function useSaveSplit() {
  const qc = useQueryClient();
  return useMutation({
    /** The saved split, and when its alerts go out (`alertsAt`, null when none are held). */
    mutationFn: async (values: SplitPayload) =>
      api.post<SavedSplitResult>(values._id ? '/api/rs/edit' : '/api/rs/add', { newTicker: values }),
    onSuccess: () => qc.invalidateQueries({ queryKey: splitKeys.all }),
  });
}

/** What saving would do (POST /api/rs/preview): the alert members would get and how many, or the gate's refusals. */
export function usePreviewSplit() {
  return useMutation({
    mutationFn: (values: SplitPayload) => api.post<SplitPreview>('/api/rs/preview', { newTicker: values }),
  });
}

/** Undo after a save: stops the split's alerts while they are held (409 once they have gone out). */
export function useUndoSplitAlerts() {
  return useMutation({
    mutationFn: (id: string) => api.post<UndoSplitAlertsResult>('/api/rs/alerts/undo', { id }),
  });
}

export function useDeleteSplit() {
  const qc = useQueryClient();
  return useMutation({
    /** Without `confirm`, a split members have trades on answers 409 with the count; with it, it is archived. */
    mutationFn: ({ id, confirm }: { id: string; confirm?: boolean }) =>
      api.post<DeleteSplitResult>('/api/rs/delete', confirm ? { id, confirm: true } : { id }),
    // Mark the list stale so /refresh's remount fetches it again.
    onSuccess: () => qc.invalidateQueries({ queryKey: splitKeys.all }),
  });
}

/**
 * Live updates (docs/decisions/006-live-split-updates.md): opens /api/events with a
 * single-use, 60-second ticket (EventSource cannot send the bearer header) and refetches the splits
 * whenever the server says they changed. Reconnects with a fresh ticket after an error.
 */
export function useLiveSplits(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let connectedBefore = false;
    const open = async () => {
      try {
        const { ticket } = await api.post<{ ticket: string }>('/api/events/ticket');
        if (stopped) return;
        source = new EventSource(`/api/events?ticket=${encodeURIComponent(ticket)}`);
        source.addEventListener('splits', () => void qc.invalidateQueries({ queryKey: splitKeys.all }));
        // After a reconnect, changes may have been missed: refetch once.
        source.addEventListener('hello', () => {
          if (connectedBefore) void qc.invalidateQueries({ queryKey: splitKeys.list });
          connectedBefore = true;
        });
        source.onerror = () => {
          source?.close();
          source = null;
          if (!stopped) retry = setTimeout(() => void open(), 3000);
        };
      } catch {
        if (!stopped) retry = setTimeout(() => void open(), 10_000);
      }
    };
    void open();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      source?.close();
    };
  }, [enabled, qc]);
}

/** Admin: what members recorded on one split (trades, accounts, profit). */
export function useSplitMemberStats(splitId: string) {
  return useQuery({
    queryKey: ['analytics', 'split-stats', splitId],
    queryFn: ({ signal }) =>
      api
        .get<{ stats: SplitMemberStats }>(`/api/trades/split-stats/${encodeURIComponent(splitId)}`, { signal })
        .then((r) => r.stats),
  });
}

/** GET /api/admin/confirmations/:splitId — a split's confirmation history (admins). */
export function useConfirmationHistory(splitId: string) {
  return useQuery({
    queryKey: ['rs', 'confirmations', splitId] as const,
    queryFn: async ({ signal }) =>
      await api.get<ConfirmationHistory>(`/api/admin/confirmations/${encodeURIComponent(splitId)}`, { signal }),
  });
}

/** POST /api/admin/confirmations/resolve — keep the split's terms against the sources that disagree. */
export function useResolveConflict() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { splitId: string; note: string }) =>
      await api.post<{ state: string }>('/api/admin/confirmations/resolve', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: splitKeys.all }),
  });
}

/**
 * GET /api/rs/:id/outcomes — what other members got on this split, per broker (Pro only).
 * Kept fresh by refetching when the window regains focus and every few minutes while shown
 * (decision 027: trades do not ride the split change stream).
 */
export function useSplitOutcomes(splitId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['rs', 'outcomes', splitId] as const,
    enabled,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    refetchInterval: 5 * 60_000,
    queryFn: async ({ signal }) => await api.get<SplitOutcomes>(`/api/rs/${encodeURIComponent(splitId)}/outcomes`, { signal }),
  });
}
