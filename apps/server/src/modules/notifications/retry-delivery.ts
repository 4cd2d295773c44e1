import { notFound } from '../../http/app-error';
import { recordAudit } from '../audit/service';
import type { NotificationDeps } from './raise-event';

/** An admin sends a failed delivery again: it is queued now, and the retry is audited. */
export async function retryDelivery(deps: NotificationDeps, input: { id: string; actorId: string | null }) {
  const { id, actorId } = input;
  if (!(await deps.repo.retry(id, deps.clock()))) throw notFound('No failed delivery with that id');
  await recordAudit(deps.db, { actorId, action: 'delivery.retry', targetType: 'delivery', targetId: id });
  return { status: 'queued' };
}
