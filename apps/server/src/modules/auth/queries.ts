import type { Db } from '../../db/client';
import { authRepo } from './repo';

/**
 * Session facts other modules may ask (the sessions table belongs to auth): a live stream or a
 * calendar-feed ticket checks that the session it was opened under still stands (decision 012).
 */
export function sessionChecks(db: Db) {
  const repo = authRepo(db);
  return {
    /** True while the session exists, is not revoked or expired, and its member is not disabled. */
    isLive: (sessionId: string, now: Date) => repo.sessionLive(sessionId, now),
    /** How many sessions of the member are neither revoked nor expired (the admin's user page). */
    activeCount: (userId: string, now: Date) => repo.activeSessions(userId, now),
  };
}
