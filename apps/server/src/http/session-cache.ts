import type { Principal } from './auth';

/**
 * A short-lived, in-process cache of resolved sessions (token hash → principal), so that a busy
 * member's requests do not each pay a database round trip (see docs/decisions/007).
 *
 * Whatever changes a session or what a principal may do invalidates its user here at once:
 * logout and revocations (auth), role and tier changes (billing, admin). Other API processes
 * see such a change within `ttlMs`.
 */
export interface SessionCache {
  get(tokenHash: string, nowMs: number): Principal | undefined;
  set(tokenHash: string, principal: Principal, nowMs: number): void;
  invalidateUser(userId: string): void;
  /** Grows with every `invalidateUser`: a lookup that started before one must not be cached or shared after it. */
  readonly epoch: number;
  /** Called after `invalidateUser` (sessions revoked, role changed): live streams re-check their session. */
  onInvalidate(fn: (userId: string) => void): () => void;
}

export function sessionCache(ttlMs: number, maxEntries = 10_000): SessionCache {
  const entries = new Map<string, { principal: Principal; until: number }>();
  const listeners = new Set<(userId: string) => void>();
  let epoch = 0;
  return {
    get epoch() {
      return epoch;
    },
    get(tokenHash, nowMs) {
      const e = entries.get(tokenHash);
      if (!e) return undefined;
      if (e.until <= nowMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      return e.principal;
    },
    set(tokenHash, principal, nowMs) {
      if (ttlMs <= 0) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(tokenHash, { principal, until: nowMs + ttlMs });
    },
    invalidateUser(userId) {
      epoch += 1;
      for (const [k, e] of entries) if (e.principal.user.id === userId) entries.delete(k);
      for (const fn of [...listeners]) fn(userId);
    },
    onInvalidate(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}
