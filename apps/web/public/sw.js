/* global self */
/* RoundUp service worker: web push alerts (decision 026). It shows each message the server sends
   and opens its page on click; it caches nothing and never asks for permission itself. */

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
    icon: '/favicon.svg',
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

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
