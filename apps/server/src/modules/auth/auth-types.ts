import type { PublicUser } from '@roundup/shared';
import type { AppContext } from '../../context';
import type { memberRecords, UserRow } from '../users/queries';
import type { authRepo } from './repo';

/**
 * The types the auth use cases share with the service that builds them. They live in this leaf file
 * so that service.ts imports its use cases and no use case imports service.ts back.
 */

export interface SessionMeta {
  userAgent?: string | null;
}

/** What the password, email and sign-in use cases need of the auth service (built once there). */
export interface PasswordDeps {
  ctx: AppContext;
  repo: ReturnType<typeof authRepo>;
  users: ReturnType<typeof memberRecords>;
  hash: (token: string) => string;
  /** Work done after the answer, so its duration does not show (drained on close). */
  later: (work: () => Promise<void>) => void;
  startSession: (row: UserRow, meta: SessionMeta) => Promise<{ user: PublicUser; token: string }>;
}

/** What ended with a password change or reset: sessions, tokens revoked, tokens the member chose to keep. */
export interface Revoked {
  sessions: number;
  tokens: number;
  /** Personal tokens left working because the member chose to keep them. */
  tokensKept: number;
}
