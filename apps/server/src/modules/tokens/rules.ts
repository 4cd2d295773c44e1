import type { TokenScope } from '@roundup/shared';

/**
 * What a personal API token may call: the calendar with `read:splits`; the member's
 * accounts, their trades and the bulk write with `write:trades`. Nothing else: no session,
 * billing, token or admin route, whatever the owner's role.
 */
export const TOKEN_ROUTES: Record<TokenScope, readonly string[]> = {
  'read:splits': ['GET /api/rs', 'GET /api/rs/past', 'GET /api/rs/ticker/:id', 'GET /api/rs/pipeline'],
  'write:trades': [
    'GET /api/accounts/mine',
    'GET /api/trades/split/:splitId',
    'GET /api/trades/s/:accountId/:splitId',
    'POST /api/trades/bulk',
  ],
};

/** Calls a token may make per minute. */
export const TOKEN_RATE_PER_MINUTE = 120;

export function tokenMayCall(scopes: readonly TokenScope[], method: string, routeUrl: string | undefined): boolean {
  if (!routeUrl) return false;
  const call = `${method === 'HEAD' ? 'GET' : method} ${routeUrl}`;
  return scopes.some((s) => TOKEN_ROUTES[s].includes(call));
}
