import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A local push service that speaks the Web Push protocol, for tests: it accepts RFC 8030 message
 * POSTs over TLS (a test-only certificate for 127.0.0.1), checks the RFC 8292 VAPID header (an ES256
 * JWT signed by the key in `k`, `aud` the endpoint's origin, `exp` in the next 24 hours, a `sub`),
 * and decrypts the RFC 8291 aes128gcm body with the key pair and auth secret of a subscription it
 * made, as a browser would. Each subscription answers 201, or 410 (gone), or 500 a number of times.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const cert = readFileSync(path.join(here, 'test-only-cert.pem'));
const key = readFileSync(path.join(here, 'test-only-key.pem'));

export interface ReceivedPush {
  subscription: string;
  /** The decrypted message, as the browser's service worker would read it. */
  text: string;
  ttl: number;
  claims: { aud: string; exp: number; sub: string };
  vapidKey: string;
}

interface Sub {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  mode: 'ok' | 'gone' | { failures: number };
}

const b64u = (b: Buffer) => b.toString('base64url');

/** RFC 8291 §3.4 + RFC 8188: one aes128gcm record decrypted with the browser's keys. */
export function decryptAes128gcm(body: Buffer, ua: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not the last record (delimiter 0x02 missing)');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; returns the claims, or throws with the reason. */
export function verifyVapid(header: string | undefined, origin: string, nowSeconds: number) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error('no vapid Authorization header');
  const [, jwt, k] = m;
  const [h, p, s] = jwt.split('.');
  const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string; typ?: string };
  if (head.alg !== 'ES256') throw new Error(`alg ${head.alg}`);
  const point = Buffer.from(k, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('bad signature');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud}, expected ${origin}`);
  if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 3600)) throw new Error('exp out of range');
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error('sub missing');
  return { claims, vapidKey: k };
}

export async function startPushPeer() {
  const subs = new Map<string, Sub>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const server: Server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const sub = id ? subs.get(id) : undefined;
      if (req.method !== 'POST' || !id || !sub) return void res.writeHead(404).end();
      if (sub.mode === 'gone') return void res.writeHead(410).end();
      if (typeof sub.mode === 'object' && sub.mode.failures > 0) {
        sub.mode.failures -= 1;
        return void res.writeHead(500).end();
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('content-encoding');
        const { claims, vapidKey } = verifyVapid(req.headers.authorization, origin, Math.floor(Date.now() / 1000));
        const text = decryptAes128gcm(Buffer.concat(chunks), sub.ecdh, sub.auth);
        received.push({ subscription: id, text, ttl: Number(req.headers.ttl), claims, vapidKey });
        res.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
      } catch (err) {
        rejected.push((err as Error).message);
        res.writeHead(403).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    rejected,
    /** An https.Agent that trusts this peer's certificate (for the web-push adapter). */
    agent: new Agent({ ca: cert }),
    /** A browser's PushSubscription (toJSON form) on this service, with the keys only the "browser" holds. */
    subscribe(mode: Sub['mode'] = 'ok') {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subs.set(id, { ecdh, auth, mode });
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: b64u(auth) } };
    },
    setMode(id: string, mode: Sub['mode']) {
      subs.get(id)!.mode = mode;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushPeer = Awaited<ReturnType<typeof startPushPeer>>;
