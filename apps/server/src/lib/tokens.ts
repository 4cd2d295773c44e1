import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque random token: 32 bytes = 256 bits, URL-safe. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored as HMAC-SHA256 under the server's pepper (never the raw value). */
export function hashToken(pepper: string, token: string): string {
  return createHmac('sha256', pepper).update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** A signed value (for unsubscribe links, feeds): `payload.signature`. */
export function sign(pepper: string, payload: string): string {
  const sig = createHmac('sha256', pepper).update(`sig:${payload}`).digest('base64url');
  return `${payload}.${sig}`;
}

export function verifySigned(pepper: string, signed: string): string | null {
  const i = signed.lastIndexOf('.');
  if (i <= 0) return null;
  const payload = signed.slice(0, i);
  return safeEqual(sign(pepper, payload), signed) ? payload : null;
}
