import type {
  AnnouncementAudience,
  AnnouncementKind,
  Communication,
  Delivery,
  RemindersPreview,
  SendAnnouncementRequest,
  SendAnnouncementResult,
} from '@roundup/shared/comms';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type { Delivery } from '@roundup/shared/comms';

const DELIVERIES_KEY = ['admin', 'deliveries'] as const;
const FOLLOW_KEY = ['admin', 'deliveries-follow'] as const;
/** How long the log follows a send closely: the worker fans a send out and delivers it within seconds. */
const FOLLOW_MS = 30_000;

/**
 * After a send the delivery log follows it: its messages are queued by the worker a moment after the send is
 * accepted, so one read right away would still show nothing new until the next ordinary refresh.
 */
export function followDeliveries(qc: QueryClient) {
  qc.setQueryData(FOLLOW_KEY, Date.now());
  void qc.invalidateQueries({ queryKey: DELIVERIES_KEY });
}

export function useComms() {
  return useQuery({
    queryKey: ['admin', 'comms'],
    queryFn: async () => (await api.get<{ comms: Communication[] }>('/api/comms')).comms,
  });
}

export function useSendSms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { message: string; audience: 'All' | 'Pro' }) =>
      api.post<{ messageCount: number }>('/api/comms/send-sms', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['admin', 'comms'] });
      followDeliveries(qc);
    },
  });
}

/** Who an announcement of `kind` would reach now (members and messages per channel). */
export function useAnnouncementAudience(kind: AnnouncementKind) {
  return useQuery({
    queryKey: ['admin', 'comms', 'audience', kind],
    queryFn: () => api.get<AnnouncementAudience>(`/api/comms/audience?kind=${kind}`),
  });
}

export function useSendAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SendAnnouncementRequest) => api.post<SendAnnouncementResult>('/api/comms/send-announcement', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['admin', 'comms'] });
      followDeliveries(qc);
    },
  });
}

export function useDeliveries(status: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: [...DELIVERIES_KEY, status],
    queryFn: () =>
      api.get<{ counts: Record<string, number>; deliveries: Delivery[] }>(
        `/api/notifications/deliveries${status ? `?status=${status}` : ''}`,
      ),
    // Every second while a send is recent or a message is still on its way; otherwise every 10 s.
    refetchInterval: (query) => {
      const since = qc.getQueryData<number>(FOLLOW_KEY);
      const onItsWay = query.state.data?.deliveries.some((d) => d.status === 'queued' || d.status === 'sending');
      return onItsWay || (since !== undefined && Date.now() - since < FOLLOW_MS) ? 1_000 : 10_000;
    },
  });
}

export function useRetryDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/notifications/deliveries/${id}/retry`, {}),
    onSuccess: () => followDeliveries(qc),
  });
}

/** How many members an SMS to All or Pro would reach now: asked before it is sent. */
export const smsAudience = (audience: 'All' | 'Pro') =>
  api.get<{ recipients: number }>(`/api/comms/sms-audience?audience=${audience}`);
/** What "Send daily reminders" would do now: asked before it sends; `closed` when it is too late. */
export const previewReminders = () => api.get<RemindersPreview>('/api/rs/send-update/preview');
export const sendReminders = () => api.get<{ msg: string; queued: number; tickers: string[] }>('/api/rs/send-update');
