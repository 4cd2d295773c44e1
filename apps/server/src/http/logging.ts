/**
 * What the server logs, and what it never logs (README "Security"): passwords, password hashes,
 * session tokens, email codes (verification, reset, email change), iCal feed secrets, live-stream
 * tickets and unsubscribe tokens. Keys are redacted by pino; URLs are cleaned before they are
 * logged, because several secrets travel in paths and query strings; error details drop the
 * query parameters a database driver attaches (they hold whatever the row held, e.g. a hash).
 */

const REDACTED = '[redacted]';

/** Path shapes whose last segment is a secret (web pages opened from emails, the iCal feed, unsubscribe links). */
const SECRET_PATHS: RegExp[] = [
  /^(\/verify-email\/)[^/?#]+/i,
  /^(\/reset-password\/)[^/?#]+/i,
  /^(\/confirm-email\/)[^/?#]+/i,
  /^(\/api\/rs\/ical\/)(?!reset(?:[/?#]|$))[^/?#]+/i,
  /^((?:\/api)?(?:\/[a-z-]+)*\/unsubscribe\/)[^/?#]+/i,
];

/** Query-string keys whose values are secrets wherever they appear. */
const SECRET_QUERY_KEYS =
  /^(token|ticket|code|secret|key|sig|signature|otp|password|email_validation_code|password_reset_code|unsubscribe)$/i;

/** A URL safe to log: secret path segments and secret query values replaced. */
export function redactUrl(url: string): string {
  if (typeof url !== 'string') return url;
  const q = url.indexOf('?');
  let pathPart = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  for (const re of SECRET_PATHS) pathPart = pathPart.replace(re, `$1${REDACTED}`);
  if (!query) return pathPart;
  const cleaned = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq === -1 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        /* keep the raw key */
      }
      return eq !== -1 && SECRET_QUERY_KEYS.test(key) ? `${rawKey}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathPart}?${cleaned}`;
}

/** Keys pino removes wherever they appear in a logged object (one or two levels down). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  ...[
    'password',
    'newPassword',
    'passwordHash',
    'password_hash',
    'token',
    'ticket',
    'secret',
    'otp',
    'email_validation_code',
    'password_reset_code',
    'tokenHash',
    'token_hash',
    'icalToken',
    'unsubscribeToken',
  ].flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
  // An email code logged on its own. Not `*.code`: that is where errors keep their SQLSTATE
  // (23505, 57P01) or errno (ECONNREFUSED), which an operator needs to tell an outage from a bug.
  'code',
  'body',
  '*.body',
  'params',
  '*.params',
  'err.query',
];

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  /** SQLSTATE (`57P01`), errno name (`ECONNREFUSED`) or library code: never a secret. */
  code?: string;
  errno?: number;
  statusCode?: number;
  cause?: SerializedError;
}

/** Drops the "params: …" a database driver appends to failed-query messages. */
function scrub(text: string | undefined): string | undefined {
  if (typeof text !== 'string') return text;
  return text
    .replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]')
    .replace(/^(Failed query: [\s\S]*?)\nparams:.*$/m, '$1');
}

/** Errors as { type, message, stack, code } without driver parameters, recursively for `cause`. */
export function serializeError(err: unknown, depth = 0): SerializedError | unknown {
  if (!(err instanceof Error) || depth > 3) return err;
  const e = err as Error & { code?: unknown; errno?: unknown; statusCode?: unknown; cause?: unknown };
  const out: SerializedError = { type: e.constructor?.name ?? 'Error', message: scrub(e.message) ?? '', stack: scrub(e.stack) };
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.errno === 'number') out.errno = e.errno;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.cause !== undefined) out.cause = serializeError(e.cause, depth + 1) as SerializedError;
  return out;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export const logSerializers = {
  req(req: LoggedRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url ?? ''),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
  err: serializeError,
};

/** pino options for Fastify: the caller's (level, stream, …) plus redaction and safe serializers. */
export function safeLoggerOptions(logger: boolean | Record<string, unknown>, level: string): false | Record<string, unknown> {
  if (logger === false) return false;
  const base = logger === true ? { level } : logger;
  const serializers = { ...((base.serializers as Record<string, unknown>) ?? {}), ...logSerializers };
  return { ...base, serializers, redact: { paths: REDACT_PATHS, censor: REDACTED } };
}
