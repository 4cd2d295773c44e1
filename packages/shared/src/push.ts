import { z } from 'zod';

/**
 * Web push, the fifth alert channel (decision 026): a member turns it on per browser.
 * The browser's PushSubscription (`subscription.toJSON()`) is what the client sends.
 */

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url (RFC 4648 §5), padding allowed, decoded to bytes; null when it is not base64url. */
export function base64UrlBytes(s: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(s)) return null;
  const clean = s.replace(/=+$/, '');
  if (clean.length % 4 === 1) return null;
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    value = (value << 6) | B64URL.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

export const PUSH_ENDPOINT_MAX = 2048;
export const PUSH_DEVICES_MAX = 20;
export const PUSH_ENDPOINT_INVALID = 'The push endpoint must be an https URL.';
export const PUSH_P256DH_INVALID = 'The p256dh key must be a P-256 public key (65 bytes, base64url).';
export const PUSH_AUTH_INVALID = 'The auth secret must be 16 bytes, base64url.';

const endpoint = z
  .string({ error: PUSH_ENDPOINT_INVALID })
  .max(PUSH_ENDPOINT_MAX, `The push endpoint can be at most ${PUSH_ENDPOINT_MAX} characters.`)
  // https, a host, no user:password@, nothing a URL parser would read differently.
  .regex(/^https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[\x21-\x7e]*)?$/, PUSH_ENDPOINT_INVALID);

/** The key a browser's messages are encrypted to: an uncompressed P-256 point (0x04 ‖ x ‖ y). */
const p256dh = z.string({ error: PUSH_P256DH_INVALID }).refine((v) => {
  const b = base64UrlBytes(v);
  return b !== null && b.length === 65 && b[0] === 4;
}, PUSH_P256DH_INVALID);
const auth = z.string({ error: PUSH_AUTH_INVALID }).refine((v) => base64UrlBytes(v)?.length === 16, PUSH_AUTH_INVALID);

/** POST /api/notifications/push/subscribe. */
export const pushSubscribeRequest = z.object({
  endpoint,
  keys: z.object({ p256dh, auth }, { error: 'The subscription keys (p256dh, auth) are missing.' }),
});
export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequest>;

/** POST /api/notifications/push/unsubscribe. */
export const pushUnsubscribeRequest = z.object({ endpoint });

/** One device as its owner sees it (GET /api/notifications/push/devices). */
export const pushDeviceSchema = z.object({
  _id: z.string(),
  /** The browser and system it was turned on in ("Chrome on Linux"). */
  label: z.string(),
  /** The endpoint, so a browser can tell its own device in the list (it is the member's own data). */
  endpoint: z.string(),
  createdDate: z.string(),
  lastSentDate: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;
export const pushDevicesResponse = z.object({ devices: z.array(pushDeviceSchema) });

/** GET /api/notifications/push/key: the server's VAPID public key (applicationServerKey). */
export const pushKeyResponse = z.object({ publicKey: z.string() });

/** What a push message carries (the service worker shows it; decision 026). */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The page a click opens (same origin). */
  url: z.string(),
  /** One notification per event: a second message with the same tag replaces the first. */
  tag: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
