import { hashToken, newToken } from '../../lib/tokens';
import { sessionChecks } from '../auth/queries';
import type { SplitsDeps } from './deps';

const SSE_TICKET_TTL_MS = 60_000;

/**
 * A ticket so EventSource (which cannot send headers) can open /api/events: random, opaque (the URL
 * names neither the member nor the session), stored as an HMAC, bound to the session that asked,
 * valid for a minute and for one stream only.
 */
export async function issueSseTicket(
  deps: Pick<SplitsDeps, 'db' | 'clock' | 'config'>,
  input: { userId: string; sessionId: string },
): Promise<string> {
  const ticket = newToken();
  const now = deps.clock();
  const tokenHash = hashToken(deps.config.tokenPepper, ticket);
  const expiresAt = new Date(now.getTime() + SSE_TICKET_TTL_MS);
  await sessionChecks(deps.db).createEventTicket({ tokenHash, ...input, expiresAt }, now);
  return ticket;
}
