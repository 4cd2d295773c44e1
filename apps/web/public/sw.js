/* global self, caches */
/* RoundUp service worker. Web push alerts (decision 026): it shows each message the server sends and opens its
   page on click, and never asks for permission itself. The installed app (decision 046): an offline page when the
   network is gone, and the app's code kept for returning members. It caches only files that are the same for
   every visitor: the offline page, the icons and the content-hashed /assets/ files. Never an /api/ answer and
   never a page's HTML, so a member is never shown someone else's or yesterday's data. */

// A new name when what is kept changes shape; activate deletes every other cache of ours.
const OFFLINE_CACHE = 'roundup-offline-v1';
const ASSET_CACHE = 'roundup-assets-v1';
const OFFLINE_URL = '/offline.html';
const OFFLINE_FILES = [OFFLINE_URL, '/favicon.svg', '/icons/icon-192.png'];
// Hashed files of about three builds (a build is about 60 of them); the oldest go first.
const MAX_ASSETS = 200;

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

/** Keeps the newest MAX_ASSETS files (a cache lists its keys in the order they were put). */
async function trimAssets(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((k) => cache.delete(k)));
}

/**
 * A content-hashed file never changes under its name (the server sends it immutable): from the cache when
 * kept, else from the network and kept. Only a complete same-origin 200 is kept.
 */
async function hashedAsset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const res = await fetch(request);
  if (res.status === 200 && res.type === 'basic') {
    await cache.put(request, res.clone());
    await trimAssets(cache);
  }
  return res;
}

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
  else if (url.pathname.startsWith('/assets/')) event.respondWith(hashedAsset(request));
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
  const ours = [OFFLINE_CACHE, ASSET_CACHE];
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
