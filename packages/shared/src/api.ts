/** The response envelope of every API call (product.md §3, product.md §13). */
export interface ApiError {
  msg: string;
  /** Optional machine-readable field path for validation problems. */
  path?: string;
}

export interface ApiEnvelope<T> {
  data: T | null;
  errors: ApiError[];
}

/** Error codes a handler may throw; the server maps each to one HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const TOKEN_STORAGE_KEY = 'roundup.token';
export const REF_ID_STORAGE_KEY = 'roundup.refId';
