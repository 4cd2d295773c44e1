import type {
  AnnouncementAudience,
  AnnouncementKind,
  Communication,
  Delivery,
  RemindersPreview,
  SendAnnouncementRequest,
  SendAnnouncementResult,
} from '@roundup/shared/comms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type { Delivery } from '@roundup/shared/comms';

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
      void qc.invalidateQueries({ queryKey: ['admin', 'deliveries'] });
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
      void qc.invalidateQueries({ queryKey: ['admin', 'deliveries'] });
    },
  });
}

export function useDeliveries(status: string) {
  return useQuery({
    queryKey: ['admin', 'deliveries', status],
    queryFn: () =>
      api.get<{ counts: Record<string, number>; deliveries: Delivery[] }>(
        `/api/notifications/deliveries${status ? `?status=${status}` : ''}`,
      ),
    refetchInterval: 10_000,
  });
}

export function useRetryDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/notifications/deliveries/${id}/retry`, {}),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['admin', 'deliveries'] }),
  });
}

/** How many members an SMS to All or Pro would reach now: asked before it is sent. */
export const smsAudience = (audience: 'All' | 'Pro') =>
  api.get<{ recipients: number }>(`/api/comms/sms-audience?audience=${audience}`);
/** What "Send daily reminders" would do now: asked before it sends; `closed` when it is too late. */
export const previewReminders = () => api.get<RemindersPreview>('/api/rs/send-update/preview');
export const sendReminders = () => api.get<{ msg: string; queued: number; tickers: string[] }>('/api/rs/send-update');
