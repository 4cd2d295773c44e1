import { MAX_TOKENS, TOKEN_PREFIX, type ApiToken, type CreateTokenRequest } from '@roundup/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, conflict, forbidden, notFound } from '../../http/app-error';
import type { Principal } from '../../http/auth';
import { hashToken, newToken } from '../../lib/tokens';
import { memberRecords } from '../users/queries';
import { tokensRepo, type TokenRow } from './repo';
import { TOKEN_RATE_PER_MINUTE, tokenMayCall } from './rules';

const view = (r: TokenRow): ApiToken => ({
  _id: r.id,
  name: r.name,
  scopes: r.scopes,
  prefix: r.prefix,
  createdDate: r.createdAt.toISOString(),
  lastUsedDate: r.lastUsedAt?.toISOString() ?? null,
});

/** Personal API tokens (docs/product.md#api). */
export function tokensService(ctx: AppContext) {
  const repo = tokensRepo(ctx.database.db);
  const members = memberRecords(ctx.database.db);
  const hash = (secret: string) => hashToken(ctx.config.tokenPepper, secret);

  return {
    list: async (userId: string) => (await repo.listMine(userId)).map(view),
    /** The secret is in this answer only; the database keeps its HMAC. */
    async create(userId: string, input: CreateTokenRequest): Promise<{ token: ApiToken; secret: string }> {
      const secret = `${TOKEN_PREFIX}${newToken(32)}`;
      const row = await repo.insert(
        { userId, name: input.name, tokenHash: hash(secret), prefix: secret.slice(0, 10), scopes: input.scopes },
        MAX_TOKENS,
      );
      if (!row) throw conflict(`You have ${MAX_TOKENS} tokens already; revoke one first`);
      return { token: view(row), secret };
    },
    async revoke(userId: string, id: string) {
      if (!(await repo.revoke(userId, id, ctx.clock()))) throw notFound('Token not found');
      return (await repo.listMine(userId)).map(view);
    },
    /** The principal a token stands for: its owner as they are now (a disabled owner: none). */
    async resolve(secret: string): Promise<Principal | null> {
      const row = await repo.live(hash(secret));
      if (!row) return null;
      const owner = await members.byId(row.userId);
      if (!owner || owner.disabled) return null;
      const now = ctx.clock();
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) await repo.touch(row.id, now);
      return { user: await members.publicUser(owner), sessionId: `token:${row.id}`, token: { id: row.id, scopes: row.scopes } };
    },
    /** A token may call only its scopes' routes, at most TOKEN_RATE_PER_MINUTE times a minute. */
    async guard(req: FastifyRequest, principal: Principal) {
      if (!principal.token) return;
      if (!tokenMayCall(principal.token.scopes, req.method, req.routeOptions.url))
        throw forbidden('This API token cannot be used here');
      const { count, resetSeconds } = await ctx.limiter.hit(`api-token:${principal.token.id}`, 60);
      if (count > TOKEN_RATE_PER_MINUTE)
        throw new AppError('RATE_LIMITED', `This token made over ${TOKEN_RATE_PER_MINUTE} calls this minute; try again shortly`, {
          retryAfterSeconds: resetSeconds,
        });
    },
  };
}
export type TokensService = ReturnType<typeof tokensService>;
