import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdTokenResponse,
  createTokenRequest,
  idempotencyHeaders,
  revokeTokenRequest,
  tokensResponse,
} from '@roundup/shared';
import { requirePermission } from '../../http/auth';
import { answers } from '../../http/openapi';
import type { TokensService } from './service';

/** Personal API tokens, for paid members (the same gate as recording trades). */
export const tokensRoutes: FastifyPluginAsyncZod<{ tokens: TokensService }> = async (app, { tokens }) => {
  const tags = ['tokens'];
  const who = (req: Parameters<typeof requirePermission>[0]) => requirePermission(req, 'trades:record').user.id;

  app.get(
    '/api/tokens',
    { schema: { tags, summary: 'Your personal API tokens (never their secrets)', response: answers(tokensResponse) } },
    async (req) => ({
      tokens: await tokens.list(who(req)),
    }),
  );

  app.post(
    '/api/tokens',
    {
      schema: {
        tags,
        summary: 'Create a personal API token; the answer holds its secret, shown this once',
        description: [
          'Scopes: `read:splits` (GET /api/rs, /api/rs/past, /api/rs/ticker/{id}) and `write:trades`',
          '(GET /api/accounts/mine, GET /api/trades/split/{splitId}, POST /api/trades/bulk). Up to 120 calls a minute per token.',
          'Example, recording fills for a split in two accounts:',
          '```',
          'curl -X POST https://roundup.example/api/trades/bulk \\',
          '  -H "Authorization: Bearer rut_…" -H "Content-Type: application/json" \\',
          '  -d \'{"splitId":"…","accountIds":["…","…"],"buy_price":1.25,"buy_date":"2026-11-24"}\'',
          '```',
        ].join('\n'),
        headers: idempotencyHeaders,
        body: createTokenRequest.meta({ examples: [{ name: 'My spreadsheet', scopes: ['read:splits', 'write:trades'] }] }),
        response: answers(createdTokenResponse, {
          description: 'The token and its secret (`rut_…`), shown this once',
          example: {
            token: {
              _id: '5f0c2a9e-8b1d-4c3e-a7f6-1d2e3f4a5b6c',
              name: 'My spreadsheet',
              scopes: ['read:splits', 'write:trades'],
              prefix: 'rut_Xq3v',
              createdDate: '2026-11-25T14:03:11.000Z',
              lastUsedDate: null,
            },
            secret: 'rut_Xq3vJ8kP2mR7tW1yB4nD6fH9sL0aC5eG3iK8oQ2uZ7x',
          },
        }),
      },
    },
    async (req) => tokens.create(who(req), req.body),
  );

  app.post(
    '/api/tokens/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a token at once',
        body: revokeTokenRequest,
        headers: idempotencyHeaders,
        response: answers(tokensResponse),
      },
    },
    async (req) => ({
      tokens: await tokens.revoke(who(req), req.body.id),
    }),
  );
};
