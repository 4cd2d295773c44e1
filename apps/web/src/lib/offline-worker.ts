/** The service worker's address: one worker for the whole site (web push and the offline page). */
export const SW_URL = '/sw.js';

/**
 * Registers the service worker (public/sw.js) on every page once it has loaded, so it never competes with the
 * page for the network: from then on a page opened without a network shows the offline page (decision 046). It
 * asks for no permission; web push is still
 * turned on only by the member's click (decision 026). A browser without service workers, or a refusal
 * (private windows), changes nothing: pages load from the network as before.
 */
export function registerOfflineWorker(win: Window = window): void {
  const workers = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!workers) return;
  const register = () => void workers.register(SW_URL, { scope: '/' }).catch(() => undefined);
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
