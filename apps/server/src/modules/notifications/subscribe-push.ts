import { PUSH_DEVICES_MAX, type PushDevice, type PushSubscribeRequest } from '@roundup/shared';
import type { AppContext } from '../../context';
import { badRequest, conflict } from '../../http/app-error';
import { deviceOf } from './list-push-devices';
import { pushRepo } from './push-repo';
import { deviceLabel, pushHostAllowed } from './push-rules';

export const PUSH_SERVICE_REFUSED = 'This browser’s push service is not accepted.';
export const PUSH_DEVICES_FULL = `Push alerts are on in ${PUSH_DEVICES_MAX} browsers already: turn one off first.`;
export const PUSH_ENDPOINT_TAKEN = 'This browser subscription belongs to another account.';

type Deps = Pick<AppContext, 'database' | 'config' | 'clock'>;

/**
 * POST /api/notifications/push/subscribe (decision 026): turns push alerts on in one browser. The
 * same subscription again (a double click, two tabs) answers the same device; one held by another
 * member moves only with its own keys (the browser holds it), else 409.
 */
export async function subscribePush(
  deps: Deps,
  input: { userId: string; subscription: PushSubscribeRequest; userAgent?: string },
): Promise<PushDevice> {
  const { endpoint, keys } = input.subscription;
  if (!pushHostAllowed(endpoint, deps.config.PUSH_ALLOWED_HOSTS)) throw badRequest(PUSH_SERVICE_REFUSED);
  const repo = pushRepo(deps.database.db);
  const existing = await repo.byEndpoint(endpoint);
  if (existing?.user_id !== input.userId && (await repo.count(input.userId)) >= PUSH_DEVICES_MAX)
    throw badRequest(PUSH_DEVICES_FULL);
  const saved = await repo.save({
    userId: input.userId,
    endpoint,
    p256dh: keys.p256dh,
    auth: keys.auth,
    label: deviceLabel(input.userAgent),
    now: deps.clock(),
  });
  if (!saved) throw conflict(PUSH_ENDPOINT_TAKEN);
  return deviceOf(saved);
}
