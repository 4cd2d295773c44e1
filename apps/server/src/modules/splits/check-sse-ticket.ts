import { hashToken } from '../../lib/tokens';
import { sessionChecks } from '../auth/queries';
import type { SplitsDeps } from './deps';

/** The ticket's user and session the first time it is used; null when unknown, used, expired or its session was revoked. */
export async function checkSseTicket(
  deps: Pick<SplitsDeps, 'db' | 'clock' | 'config'>,
  input: { ticket: string },
): Promise<{ userId: string; sessionId: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(input.ticket)) return null;
  const now = deps.clock();
  const sessions = sessionChecks(deps.db);
  const found = await sessions.consumeEventTicket(hashToken(deps.config.tokenPepper, input.ticket), now);
  if (!found || !(await sessions.isLive(found.sessionId, now))) return null;
  return found;
}

/** Whether a live stream's session still stands (logout, password change and reset revoke it). */
export function streamSessionLive(deps: Pick<SplitsDeps, 'db' | 'clock'>, input: { sessionId: string }): Promise<boolean> {
  return sessionChecks(deps.db).isLive(input.sessionId, deps.clock());
}
