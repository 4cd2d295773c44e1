/**
 * RFC 3986 §6.2.2.2: a percent-encoded unreserved character (ALPHA, DIGIT, `-`, `.`, `_`, `~`) is the
 * same URI as the character itself. The router matches paths after decoding, so `/%61pi/users/self`
 * reached `/api/users/self` while every hook that reads `req.url` (auth and token scopes, the envelope,
 * caching, rate limits) saw no `/api/` and stood aside. Fastify's `rewriteUrl` runs this
 * before routing, so the hooks and the router see one path. Other escapes stay as they are (`%2F` is not
 * a separator, `%25` stays a literal percent sign: no double decoding); the query string is untouched.
 */
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

export function normalizePath(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!path.includes('%')) return url;
  const normalized = path.replace(ESCAPE, (escape, hex: string) => {
    const ch = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(ch) ? ch : escape;
  });
  return q === -1 ? normalized : normalized + url.slice(q);
}
