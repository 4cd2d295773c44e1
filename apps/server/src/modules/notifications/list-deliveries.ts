import type { Delivery } from '@roundup/shared';
import type { NotificationsRepo } from './repo';

/** The admin's delivery list: the latest 200 (of one status, if given) and the count in each status. */
export async function listDeliveries(deps: { repo: NotificationsRepo }, { status }: { status?: string }) {
  const [rows, counts] = await Promise.all([deps.repo.list({ status, limit: 200 }), deps.repo.counts()]);
  return {
    counts,
    deliveries: rows.map((r) => ({
      _id: r.id,
      key: r.idem_key,
      kind: r.kind,
      channel: r.channel,
      recipient: r.recipient,
      username: r.username,
      status: r.status as Delivery['status'],
      attempts: r.attempts,
      providerId: r.provider_id,
      error: r.error,
      createdDate: r.created_at,
      sentDate: r.sent_at,
    })),
  };
}
