import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, type Permission, type PublicUser, type TokenScope } from '@roundup/shared';
import { forbidden, unauthenticated } from './app-error';

export interface Principal {
  user: PublicUser;
  sessionId: string;
  /** Set when a personal API token, not a session, signed the request. */
  token?: { id: string; scopes: TokenScope[] };
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export type ResolveSession = (token: string) => Promise<Principal | null>;

/** Reads `Authorization: Bearer <token>` once per request and resolves the session. */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { resolve: ResolveSession; guard?: (req: FastifyRequest, principal: Principal) => Promise<void> },
  ) => {
    app.decorateRequest('principal', null);
    app.addHook('onRequest', async (req) => {
      const header = req.headers.authorization;
      if (!header || !req.url.startsWith('/api/')) return;
      const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
      if (!match) return;
      req.principal = await opts.resolve(match[1]);
      // A personal API token may call only what its scopes allow (modules/tokens/rules.ts).
      if (req.principal?.token && opts.guard) await opts.guard(req, req.principal);
    });
  },
);

/** The signed-in user, or 401. */
export function requireUser(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthenticated();
  return req.principal;
}

/** The signed-in user holding `permission` (from the shared table), or 401/403. */
export function requirePermission(req: FastifyRequest, permission: Permission): Principal {
  const p = requireUser(req);
  if (!can(p.user.role, permission)) throw forbidden();
  return p;
}

export const requireAdmin = (req: FastifyRequest) => requirePermission(req, 'admin:access');
