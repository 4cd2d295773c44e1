import { z } from 'zod';
import { uuidId } from './input';

/**
 * Personal API tokens: a member's own tools read the calendar and record fills with
 * `Authorization: Bearer <token>`. A token is shown once, stored hashed, revocable, and never
 * grants more than its owner has now.
 */
export const TOKEN_SCOPES = ['read:splits', 'write:trades'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  'read:splits': 'Read splits',
  'write:trades': 'Write trades',
};
/** Live tokens a member may hold at once. */
export const MAX_TOKENS = 10;
/** Every personal token starts with this, so a leaked one is recognisable. */
export const TOKEN_PREFIX = 'rut_';

export const createTokenRequest = z.object({
  name: z
    .string({ error: 'Give the token a name' })
    .trim()
    .min(1, 'Give the token a name')
    .max(60, 'The name must be at most 60 characters'),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { error: `Scopes are ${TOKEN_SCOPES.join(' and ')}` }), { error: 'Choose what the token may do' })
    .min(1, 'Choose what the token may do')
    .refine((s) => new Set(s).size === s.length, 'A scope is listed twice'),
});
export type CreateTokenRequest = z.infer<typeof createTokenRequest>;
export const revokeTokenRequest = z.object({ id: uuidId('Unknown token') });

export const apiTokenSchema = z.object({
  _id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  /** The first characters of the secret, to tell tokens apart. */
  prefix: z.string(),
  createdDate: z.string(),
  lastUsedDate: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const tokensResponse = z.object({ tokens: z.array(apiTokenSchema) });
/** POST /api/tokens: the token and its secret, shown this once. */
export const createdTokenResponse = z.object({
  token: apiTokenSchema,
  secret: z.string().meta({ description: 'The whole token (rut_…); it is never shown again' }),
});
