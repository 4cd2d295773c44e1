import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { VapidKeys } from '../../env';

/** Where one browser's messages go: its push service endpoint and the keys they are encrypted to (RFC 8291). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Sends one encrypted message to one browser through its push service (RFC 8030). */
export interface PushSender {
  readonly kind: 'web-push';
  send(target: PushTarget, payload: string, opts: { ttlSeconds: number }): Promise<{ id: string }>;
}

/** The push service says the subscription is gone (404/410): the device must be removed, not retried. */
export class PushGoneError extends Error {
  constructor(public readonly statusCode: number) {
    super(`Push service answered ${statusCode}: the browser subscription is gone`);
  }
}

/**
 * The real adapter: the `web-push` library (aes128gcm encryption, a VAPID JWT per message).
 * Error messages name the status only, never the endpoint (its path is the subscription's secret).
 */
export function webPushSender(vapid: VapidKeys, opts: { agent?: Agent; timeoutMs?: number } = {}): PushSender {
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  return {
    kind: 'web-push',
    async send(target, payload, { ttlSeconds }) {
      try {
        const res = await webpush.sendNotification(target, payload, {
          vapidDetails,
          TTL: ttlSeconds,
          contentEncoding: 'aes128gcm',
          timeout: opts.timeoutMs ?? 10_000,
          ...(opts.agent ? { agent: opts.agent } : {}),
        });
        const location = res.headers?.location ?? res.headers?.Location;
        const id = typeof location === 'string' ? location.split('/').pop()?.slice(0, 100) : undefined;
        return { id: id || `push-${res.statusCode}` };
      } catch (err) {
        if (err instanceof webpush.WebPushError) {
          if (err.statusCode === 404 || err.statusCode === 410) throw new PushGoneError(err.statusCode);
          throw new Error(`Push service answered ${err.statusCode}`);
        }
        const code = (err as { code?: string }).code;
        throw new Error(code ? `Push service unreachable (${code})` : 'Push message could not be sent');
      }
    },
  };
}
