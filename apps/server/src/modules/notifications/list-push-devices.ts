import type { PushDevice } from '@roundup/shared';
import type { AppContext } from '../../context';
import { pushRepo, type PushDeviceRow } from './push-repo';

export const deviceOf = (r: PushDeviceRow): PushDevice => ({
  _id: r.id,
  label: r.label,
  endpoint: r.endpoint,
  createdDate: r.created_at,
  lastSentDate: r.last_sent_at,
});

/** GET /api/notifications/push/devices: the browsers the member turned push alerts on in, oldest first. */
export async function listPushDevices(deps: Pick<AppContext, 'database'>, input: { userId: string }) {
  return { devices: (await pushRepo(deps.database.db).ofUser(input.userId)).map(deviceOf) };
}
