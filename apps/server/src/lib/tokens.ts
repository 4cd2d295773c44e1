import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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

const SEAL_NONCE = 12;
const SEAL_TAG = 16;
const sealKey = (pepper: string, purpose: string) => createHmac('sha256', pepper).update(`seal:${purpose}`).digest();

/**
 * `payload` encrypted and authenticated (AES-256-GCM under a key derived from the pepper for one
 * `purpose`), URL-safe: what a link carries when its reader must not learn what it names. The
 * random nonce makes every sealed value different, and is the value's id (`unseal` answers it).
 */
export function seal(pepper: string, purpose: string, payload: string): string {
  const nonce = randomBytes(SEAL_NONCE);
  const cipher = createCipheriv('aes-256-gcm', sealKey(pepper, purpose), nonce);
  const body = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url');
}

/** The payload and id of a value `seal` made for this purpose; null for anything else. */
export function unseal(pepper: string, purpose: string, sealed: string): { payload: string; id: string } | null {
  if (!/^[A-Za-z0-9_-]+$/.test(sealed)) return null;
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length <= SEAL_NONCE + SEAL_TAG) return null;
  const nonce = raw.subarray(0, SEAL_NONCE);
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(pepper, purpose), nonce);
    decipher.setAuthTag(raw.subarray(raw.length - SEAL_TAG));
    const payload = Buffer.concat([decipher.update(raw.subarray(SEAL_NONCE, raw.length - SEAL_TAG)), decipher.final()]);
    return { payload: payload.toString('utf8'), id: nonce.toString('base64url') };
  } catch {
    return null;
  }
}
