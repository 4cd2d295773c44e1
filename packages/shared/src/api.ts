import { z } from 'zod';

/** The response envelope of every API call (product.md#stored, product.md#api-contract). */
export const apiErrorSchema = z.object({
  msg: z.string().meta({ description: 'A sentence a person can act on' }),
  /** Optional machine-readable field path for validation problems. */
  path: z.string().optional().meta({ description: 'The field a validation problem is about (dot-separated)' }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export interface ApiEnvelope<T> {
  data: T | null;
  errors: ApiError[];
}

/** A success answer: `data` holds the operation's result, `errors` is empty. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data, errors: z.array(apiErrorSchema).max(0) });
}

/** Every refusal and failure: `data` is null, `errors` lists at least one message. */
export const errorEnvelopeSchema = z.object({ data: z.null(), errors: z.array(apiErrorSchema).min(1) }).meta({
  description: 'The error envelope: data is null and errors holds one message per problem',
  example: { data: null, errors: [{ msg: 'Please sign in' }] },
});

/** Error codes a handler may throw; the server maps each to one HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Understood, but it cannot be done as sent (an Idempotency-Key reused with another request). */
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export { REF_ID_STORAGE_KEY, TOKEN_STORAGE_KEY } from './storage-keys';

/** An answer that is only a sentence to show (e.g. "Thank you for your feedback!"). */
export const messageResponse = z.object({ msg: z.string() });
/** An answer that only confirms. */
export const okResponse = z.object({ ok: z.literal(true) });
