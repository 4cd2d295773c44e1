/* global self, caches */
/* RoundUp service worker. Web push alerts (decision 026): it shows each message the server sends and opens its
   page on click, and never asks for permission itself. The installed app (decision 046): an offline page when the
   network is gone. It caches only the offline page and its images, the same for every visitor: never an /api/
   answer and never a page's HTML, so a member is never shown someone else's or yesterday's data. */

// A new name when what is kept changes shape; activate deletes every other cache of ours.
const OFFLINE_CACHE = 'roundup-offline-v1';
const OFFLINE_URL = '/offline.html';
const OFFLINE_FILES = [OFFLINE_URL, '/favicon.svg', '/icons/icon-192.png'];

/** The message a push carries ({ title, body, url, tag }); anything unreadable still shows a notice. */
function readMessage(data) {
  try {
    const m = data ? data.json() : null;
    if (m && typeof m.title === 'string') return m;
  } catch {
    /* not JSON */
  }
  return { title: 'RoundUp', body: 'You have a new alert.', url: '/reverse-splits', tag: 'roundup' };
}

/** Only pages of this site are opened from a notification. */
function sameOriginUrl(url) {
  try {
    const u = new URL(url, self.location.origin);
    return u.origin === self.location.origin ? u.href : new URL('/reverse-splits', self.location.origin).href;
  } catch {
    return new URL('/reverse-splits', self.location.origin).href;
  }
}

function showMessage(m) {
  return self.registration.showNotification(m.title, {
    body: m.body,
    tag: m.tag,
    icon: '/icons/icon-192.png',
    data: { url: sameOriginUrl(m.url) },
  });
}

/** Focuses a tab already on the page, or opens one. */
async function openPage(url) {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = tabs.find((c) => c.url === url);
  if (open) return open.focus();
  return self.clients.openWindow(url);
}

self.addEventListener('push', (event) => {
  event.waitUntil(showMessage(readMessage(event.data)));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage((event.notification.data && event.notification.data.url) || sameOriginUrl('/reverse-splits')));
});

// A test hook: the e2e journey shows a message as a push would (headless Chromium has no push service).
self.roundupShowMessage = (m) => showMessage(m);

/**
 * A page always comes from the network; with no network, the offline page. With navigation preload the browser
 * has asked for the page while this worker was starting: that answer is used, so the worker never delays a page.
 */
async function page(event) {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded || (await fetch(event.request));
  } catch (err) {
    const offline = await caches.match(OFFLINE_URL);
    if (offline) return offline;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Other sites, the API (private and live: never from a cache) and everything else go straight to the network.
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(page(event));
  // The app's hashed code is left to the HTTP cache (immutable for a year): answered from this worker's cache it
  // was slower for returning members in bench/signed-in (decision 046), so the worker no longer touches it.
});

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.addAll(OFFLINE_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  const ours = [OFFLINE_CACHE];
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith('roundup-') && !ours.includes(n)).map((n) => caches.delete(n))),
      )
      .then(() => self.registration.navigationPreload && self.registration.navigationPreload.enable())
      .then(() => self.clients.claim()),
  );
});
