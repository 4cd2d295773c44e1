import { ERROR_STATUS, type ErrorCode } from '@roundup/shared';

/** The one error type handlers throw; the envelope plugin maps `code` to a status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { messages?: string[]; problems?: { msg: string; path?: string }[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const forbidden = (msg = 'You do not have access to this') => new AppError('FORBIDDEN', msg);
export const unauthenticated = (msg = 'Please sign in') => new AppError('UNAUTHENTICATED', msg);
export const badRequest = (msg: string) => new AppError('BAD_REQUEST', msg);
export const conflict = (msg: string) => new AppError('CONFLICT', msg);

/** A 400 naming each problem with the field it is about (`errors[].path`), in the order given. */
export const refused = (problems: { msg: string; path?: string }[]) =>
  new AppError('VALIDATION', problems[0]?.msg ?? 'Invalid request', { problems });
