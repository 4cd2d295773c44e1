import type { PushDevice } from '@roundup/shared';
import { api } from '../../lib/api-client';
import { SW_URL } from '../../lib/offline-worker';

/**
 * Web push in this browser (decision 026). Nothing here runs on page load except reading what is
 * already there: permission is asked, and the subscription made, only when the member clicks. (The service
 * worker itself is registered on every page since it serves the offline page: lib/offline-worker.ts.)
 */

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** This browser's subscription, if it has one already (asks nothing, registers nothing). */
export async function currentEndpoint(): Promise<string | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  return sub?.endpoint ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const bin = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i += 1) out[i] = bin.charCodeAt(i);
  return out;
}

export const PERMISSION_DENIED =
  'Notifications are blocked for RoundUp in this browser. Allow them in the site settings, then try again.';

/** The member asked: permission, the service worker, the browser's subscription, then the server. */
export async function turnOnPush(): Promise<PushDevice> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(PERMISSION_DENIED);
  const reg = await navigator.serviceWorker.register(SW_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
  const { publicKey } = await api.get<{ publicKey: string }>('/api/notifications/push/key');
  const existing = await reg.pushManager.getSubscription();
  const sub = existing ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return api.post<PushDevice>('/api/notifications/push/subscribe', sub.toJSON());
}

/** Turns one device off on the server; for this browser, its subscription too. */
export async function turnOffPush(endpoint: string): Promise<void> {
  try {
    await api.post('/api/notifications/push/unsubscribe', { endpoint });
  } catch (err) {
    // Already off (another tab, or a push service's 410): nothing left to remove on the server.
    if (!(err instanceof Error && 'status' in err && err.status === 404)) throw err;
  }
  if (pushSupported() && endpoint === (await currentEndpoint())) {
    const reg = await navigator.serviceWorker.getRegistration('/');
    await (await reg?.pushManager.getSubscription())?.unsubscribe();
  }
}

export const listDevices = () => api.get<{ devices: PushDevice[] }>('/api/notifications/push/devices');
