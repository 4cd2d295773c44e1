import type { Db } from '../../db/client';
import { raiseEvent, type NotificationDeps } from './raise-event';

/** An admin SMS to All or Pro (users with a validated phone and rsaSMS on), queued in `tx`; the count queued. */
export async function queueAdminSms(
  deps: Pick<NotificationDeps, 'repo' | 'clock'>,
  input: { tx: Db; commId: string; message: string; audience: 'All' | 'Pro' },
): Promise<number> {
  const { tx, commId, message, audience } = input;
  const opts = { proOnlyAudience: audience === 'Pro', immediate: true };
  const r = await raiseEvent(deps, { tx, key: `comm:${commId}`, kind: 'adminSms', payload: { message }, opts });
  return r.queued;
}
