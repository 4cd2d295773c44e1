/* global window, document */
/*
 * A signed-in page's data requests start while its code downloads, not after it has run. A classic
 * script in the app's shell (vite.config.ts, addEarlyData), before the app's modules: with a stored session it
 * asks at once for what the app asks first and for the data of the page being opened, and leaves the answers
 * for the app's API client, which takes each one once (src/lib/early-data.ts). No session, no requests; and it
 * never stands in the page's way.
 */
(function () {
  // Roles that record trades (`trades:record` in packages/shared/src/permissions.ts; src/early-data-script.test.ts
  // holds the two together). A Starter's page asks for no progress: the server would refuse it.
  var TRADERS = ['Member', 'Pro', 'Admin'];
  // The GETs each page makes as it opens; e2e/data-early.spec.ts fails when a page asks for one twice. A URL
  // with roles is asked for only when the role the app stored with the session is one of them.
  var PAGES = {
    '/reverse-splits': ['/api/rs', { url: '/api/trades/progress', roles: TRADERS }, '/api/accounts/groups'],
    '/settings/analytics': ['/api/analytics/mine'],
    '/settings/accounts': ['/api/accounts/mine'],
    '/settings/import': ['/api/accounts/mine'],
    '/brokers': ['/api/brokers'],
    // Admins only: anyone else is sent away from the page, and /api/rs is theirs to read too.
    '/admin/reverse-splits': ['/api/rs'],
  };
  // Each signed-in page's code chunks and style sheets ('*': every signed-in page's), filled in by the build
  // (vite.config.ts, addEarlyData); fetched now, with the page's data, instead of once the app's router has run.
  var PAGE_CODE = {};
  function preloadCode(page) {
    (PAGE_CODE['*'] || []).concat(PAGE_CODE[page] || []).forEach(function (file) {
      var link = document.createElement('link');
      if (/\.css$/.test(file)) {
        // Fetched, not applied: the app's loader applies it with the page, as it would have, from this copy
        // (the same CORS mode as its own link, or the browser would not reuse it).
        link.rel = 'preload';
        link.setAttribute('as', 'style');
        link.setAttribute('crossorigin', '');
      } else link.rel = 'modulepreload';
      link.href = '/' + file;
      document.head.appendChild(link);
    });
  }
  try {
    var token = window.localStorage.getItem('roundup.token');
    if (!token) return;
    var role = window.localStorage.getItem('roundup.role');
    var page = window.location.pathname.replace(/\/+$/, '') || '/';
    var urls = ['/api/auth/me', '/api/config', '/api/site'].concat(
      (PAGES[page] || [])
        .filter(function (u) {
          return typeof u === 'string' || u.roles.indexOf(role) >= 0;
        })
        .map(function (u) {
          return typeof u === 'string' ? u : u.url;
        }),
    );
    var responses = {};
    urls.forEach(function (url) {
      var asked = fetch(url, { headers: { Accept: 'application/json', Authorization: 'Bearer ' + token } });
      asked.catch(function () {}); // the app asks again if this failed
      responses[url] = asked;
    });
    window.__roundupEarly = { token: token, at: Date.now(), responses: responses };
    // After the data requests, which are small and which the page waits for the longest.
    preloadCode(page);
  } catch (e) {
    /* storage refused or fetch missing: the app asks for itself */
  }
})();
