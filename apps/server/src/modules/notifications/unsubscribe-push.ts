import type { AppContext } from '../../context';
import { notFound } from '../../http/app-error';
import { pushRepo } from './push-repo';

export const NO_SUCH_DEVICE = 'No such device';

/**
 * POST /api/notifications/push/unsubscribe: turns push alerts off in one of the member's browsers.
 * Another member's endpoint, or one already removed, answers 404 (the two look alike on purpose).
 */
export async function unsubscribePush(deps: Pick<AppContext, 'database'>, input: { userId: string; endpoint: string }) {
  if (!(await pushRepo(deps.database.db).remove(input.userId, input.endpoint))) throw notFound(NO_SUCH_DEVICE);
  return { removed: true as const };
}
