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
    /** Stores a single-use event-stream ticket (by its hash) for a session. */
    createEventTicket: (values: { tokenHash: string; userId: string; sessionId: string; expiresAt: Date }, now: Date) =>
      repo.createEventTicket(values, now),
    /** Uses up a ticket: its user and session the first time, null after (or when unknown or expired). */
    consumeEventTicket: (tokenHash: string, now: Date) => repo.consumeEventTicket(tokenHash, now),
  };
}
