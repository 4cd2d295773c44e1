import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@roundup/shared';
import { serveMetrics } from '../src/lib/metrics';
import { call, createTestApp, registerUser, setRole, type TestApp } from './helpers';

/** What a CDN, a crawler, an API client and an operator see over HTTP (decision 017). */
const NOW = new Date('2026-03-10T15:00:00Z');
const TODAY = '2026-03-10';
const METRICS_TOKEN = 'metrics-token-0123456789';
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

const dist = mkdtempSync(path.join(tmpdir(), 'roundup-ops-dist-'));
const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let t: TestApp;
let admin: string;
let starter: string;
let pro: string;
let base: string;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><title>RoundUp</title><div id="root"></div>');
  // A public page rendered at build (apps/web/vite.config.ts).
  mkdirSync(path.join(dist, 'prerendered/learn'), { recursive: true });
  writeFileSync(
    path.join(dist, 'prerendered/learn/index.html'),
    '<!doctype html><html lang="en"><title>RoundUp</title><div id="root" data-prerendered=""><h1>How it works</h1></div>',
  );
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"RoundUp","display":"standalone"}');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'assets/app-abc123.js'), js);
  writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(path.join(dist, 'assets/app-abc123.js.gz'), gzipSync(js));
  t = await createTestApp({ webDist: dist, clock: () => NOW, config: { METRICS_TOKEN, READY_MAX_QUEUE_LAG_SECONDS: 600 } });
  const a = await registerUser(t.app);
  await setRole(t.database, a.user._id ?? a.user.id, 'Admin');
  admin = a.token;
  starter = (await registerUser(t.app)).token;
  const p = await registerUser(t.app);
  await setRole(t.database, p.user._id ?? p.user.id, 'Pro');
  pro = p.token;
  const res = await call(t.app, 'POST', '/api/rs/add', {
    token: admin,
    body: {
      newTicker: {
        name: 'Upcoming Corp',
        ticker: 'UPCO',
        effDate: addDays(TODAY, 3),
        buyDate: addDays(TODAY, 2),
        ratio: 10,
        price: 1.25,
        estProfit: '',
        avgProfit: 0,
        status: 'Upcoming',
        rsType: 'Round Up',
        source: 'https://www.sec.gov/example',
        notes: '',
        caution: false,
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built app behind a CDN', () => {
  it('answers navigations with index.html and that page’s head, each revalidated by its ETag', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/settings/accounts', headers: HTML });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.body).toContain('<meta name="robots" content="noindex" />');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/settings/accounts',
      headers: { ...HTML, 'if-none-match': String(page.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Another page has another head, so another ETag: a cached /settings page never answers /learn.
    const learn = await t.app.inject({
      method: 'GET',
      url: '/learn',
      headers: { ...HTML, 'if-none-match': String(page.headers.etag) },
    });
    expect(learn.statusCode).toBe(200);
    expect(learn.body).toContain('<title>Learn · RoundUp</title>');
    expect(learn.body).toMatch(/<link rel="canonical" href="http[^"]+\/learn" \/>/);
    const head = await t.app.inject({ method: 'HEAD', url: '/learn', headers: HTML });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers a public page with its content rendered at build, and other pages with the empty app', async () => {
    for (const url of ['/learn', '/learn/']) {
      const learn = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(learn.statusCode, url).toBe(200);
      expect(learn.body, url).toContain('<h1>How it works</h1>');
      expect(learn.body, url).toContain('<title>Learn · RoundUp</title>');
      expect(learn.headers['cache-control'], url).toBe('no-cache');
      expect(learn.headers.etag, url).toBeTruthy();
    }
    const settings = await t.app.inject({ method: 'GET', url: '/settings', headers: HTML });
    expect(settings.body).toContain('<div id="root"></div>');
    // The files themselves are not served under their own address.
    for (const url of ['/prerendered/learn/index.html', '/prerendered/learn/', '/prerendered/learn']) {
      const file = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(file.body, url).not.toContain('How it works');
    }
  });

  it('answers 404 for missing files, dotfiles, assets and non-HTML requests', async () => {
    for (const url of ['/assets/x.js', '/favicon-nope.png', '/.env', '/.git/config', '/assets/new-page']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
    }
    const json = await t.app.inject({ method: 'GET', url: '/learn', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/learn', headers: HTML });
    expect(post.statusCode).toBe(404);
  });

  it('answers HEAD wherever GET answers', async () => {
    const home = await t.app.inject({ method: 'HEAD', url: '/', headers: HTML });
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe('');
    expect(home.headers['content-type']).toMatch(/text\/html/);
    const list = await t.app.inject({ method: 'HEAD', url: '/api/rs', headers: { authorization: `Bearer ${pro}` } });
    expect(list.statusCode).toBe(200);
    expect(list.body).toBe('');
    expect(list.headers.etag).toBeTruthy();
    expect((await t.app.inject({ method: 'HEAD', url: '/robots.txt' })).statusCode).toBe(200);
  });

  it('answers HEAD like GET on every GET route without parameters', async () => {
    const routes = t.app.routeList.filter((r) => r.method === 'GET' && !/[:*]/.test(r.url) && !r.url.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThan(10);
    for (const { url } of routes) {
      if (url === '/api/events') continue; // a stream: HEAD and GET both 401 without a ticket, checked below
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.body, url).toBe('');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/api/events' })).statusCode).toBe(401);
  });

  it('caches hashed assets for a year and sends the pre-compressed file with Vary', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
  });

  it('serves the web app manifest as application/manifest+json and the service worker revalidated on every load', async () => {
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: HTML });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toEqual({ name: 'RoundUp', display: 'standalone' });
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.headers['content-type']).toMatch(/javascript/);
    // A fixed worker reaches members on their next load (decision 046: it decides what is kept).
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('serves robots.txt and sitemap.xml as text, not the app', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: HTML });
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    for (const line of ['Allow: /', 'Disallow: /admin', 'Disallow: /settings', 'Disallow: /api'])
      expect(robots.body.split('\n')).toContain(line);
    const map = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: HTML });
    expect(map.headers['content-type']).toMatch(/xml/);
    expect(map.body).toContain('<loc>http://localhost:3000/learn</loc>');
    expect(map.body).not.toContain('/admin');
    // Only pages a visitor can read: /brokers is a signed-in page (SPEC), so a crawler would meet the sign-in form.
    const locs = [...map.body.matchAll(/<loc>http:\/\/localhost:3000([^<]*)<\/loc>/g)].map((m) => m[1] || '/');
    expect(locs).toEqual(['/', '/learn', '/services', '/faq', '/policies', '/terms-of-service', '/privacy-policy']);
    expect(map.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });
});

describe('API caching and compression', () => {
  it('marks private answers no-store', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/users/self', headers: { authorization: `Bearer ${pro}` } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const err = await t.app.inject({ method: 'GET', url: '/api/users/self' });
    expect(err.headers['cache-control']).toBe('no-store');
  });

  it('lets public lists be cached briefly, with an ETag that answers 304', async () => {
    for (const url of ['/api/faqs', '/api/brokers', '/api/rs/past']) {
      const first = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toMatch(/^public, max-age=\d+$/);
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
    }
    // A signed-in member revalidates every time (an admin sees an edit at once), still with 304s.
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/faqs', headers: { authorization: `Bearer ${pro}` } });
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    const same = await t.app.inject({
      method: 'GET',
      url: '/api/faqs',
      headers: { authorization: `Bearer ${pro}`, 'if-none-match': String(signedIn.headers.etag) },
    });
    expect(same.statusCode).toBe(304);
    // An admin's broker list (with disabled brokers) is never shared.
    const mine = await t.app.inject({ method: 'GET', url: '/api/brokers?all=1', headers: { authorization: `Bearer ${admin}` } });
    expect(mine.headers['cache-control']).toMatch(/no-store/);
  });

  it('gives GET /api/rs an ETag per audience: a Starter with a Pro ETag gets its own list', async () => {
    const proList = await t.app.inject({ method: 'GET', url: '/api/rs', headers: { authorization: `Bearer ${pro}` } });
    const proTag = String(proList.headers.etag);
    expect(proList.json().data.splits.some((s: { ticker?: string }) => s.ticker === 'UPCO')).toBe(true);
    const proAgain = await t.app.inject({
      method: 'GET',
      url: '/api/rs',
      headers: { authorization: `Bearer ${pro}`, 'if-none-match': proTag },
    });
    expect(proAgain.statusCode).toBe(304);
    const starterList = await t.app.inject({
      method: 'GET',
      url: '/api/rs',
      headers: { authorization: `Bearer ${starter}`, 'if-none-match': proTag },
    });
    expect(starterList.statusCode).toBe(200);
    expect(starterList.headers.etag).not.toBe(proTag);
    expect(starterList.body).not.toContain('UPCO');
    expect(starterList.json().data.splits.some((s: { masked?: boolean }) => s.masked)).toBe(true);
  });

  it('sends /api/rs as brotli or gzip from its pre-compressed bytes', async () => {
    const headers = { authorization: `Bearer ${pro}` };
    const plain = await t.app.inject({ method: 'GET', url: '/api/rs', headers });
    const br = await t.app.inject({ method: 'GET', url: '/api/rs', headers: { ...headers, 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url: '/api/rs', headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('compresses other JSON above 1 KB and leaves small answers alone', async () => {
    const big = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).openapi).toBeTruthy();
    const gz = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('email', () => {
  it('sends HTML with a language and a head (the verification email of a new account)', async () => {
    const { email } = await registerUser(t.app);
    const sent = await t.database.query<{ html: string }>(`select html from outbox where recipient = $1`, [email]);
    expect(sent.rows.length).toBeGreaterThan(0);
    for (const { html } of sent.rows) {
      expect(html).toMatch(/^<!doctype html><html lang="en"><head>/);
      expect(html).toContain('</head><body');
    }
  });
});

describe("the operator's view", () => {
  it('is ready when the database answers, migrations are applied and the queue keeps up', async () => {
    const ok = await call(t.app, 'GET', '/api/ready');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.ready).toBe(true);
    expect(ok.body.data.migrations.applied).toBe(ok.body.data.migrations.expected);
  });

  it('answers 503 with the reason when the queue lags', async () => {
    const ev = await t.database.query<{ id: string }>(
      `insert into notification_events (key, kind, payload) values ('ops-lag', 'general', '{}'::jsonb) returning id`,
    );
    await t.database.query(
      `insert into notification_deliveries (idem_key, event_id, channel, recipient, next_attempt_at)
       values ('ops-lag-1', $1, 'email', 'x@example.com', $2::timestamptz)`,
      [ev.rows[0]!.id, new Date(NOW.getTime() - 3600_000).toISOString()],
    );
    try {
      const res = await call(t.app, 'GET', '/api/ready');
      expect(res.status).toBe(503);
      expect(res.body.errors[0].msg).toMatch(/notification queue is behind/);
    } finally {
      await t.database.query(`delete from notification_events where key = 'ops-lag'`);
    }
  });

  it('says the database is unreachable when it drops between the checks (a restart), not that migrations never ran', async () => {
    const query = t.database.query;
    // A restart ends the connection after `select 1` answered: PostgreSQL ends the backend for real;
    // PGlite runs in the process and cannot lose one, so it gets the error a restarting server sends.
    t.database.query = (async (text: string, params?: unknown[]) => {
      if (!text.includes('__drizzle_migrations')) return query(text, params);
      if (t.database.kind === 'postgres') return query('select pg_terminate_backend(pg_backend_pid())');
      throw Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    }) as typeof query;
    try {
      const res = await call(t.app, 'GET', '/api/ready');
      expect(res.status).toBe(503);
      expect(res.body.data.database).toBe('unreachable');
      expect(res.body.errors.map((e) => e.msg)).toEqual(['The database is unreachable']);
    } finally {
      t.database.query = query;
    }
  });

  it('says migrations have never been applied when their table is missing', async () => {
    const query = t.database.query;
    t.database.query = (async (text: string, params?: unknown[]) =>
      query(text.replace('drizzle.__drizzle_migrations', 'drizzle.__no_such_table'), params)) as typeof query;
    try {
      const res = await call(t.app, 'GET', '/api/ready');
      expect(res.status).toBe(503);
      expect(res.body.data.database).toBe('ok');
      expect(res.body.errors.map((e) => e.msg)).toEqual(['Migrations have never been applied']);
    } finally {
      t.database.query = query;
    }
  });

  it('serves the metrics on their own port when METRICS_PORT is set', async () => {
    const server = await serveMetrics(0, '127.0.0.1');
    try {
      const port = (server.address() as { port: number }).port;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('roundup_http_requests_total');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it('answers with the request id a proxy sent (it is in every log line of the request)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-1234abcd' } });
    expect(res.headers['x-request-id']).toBe('lb-1234abcd');
  });

  it('shows Prometheus metrics only with the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/roundup_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/);
    expect(res.body).toContain('roundup_http_request_duration_seconds_bucket');
    for (const name of [
      'roundup_queue_depth',
      'roundup_queue_oldest_job_age_seconds',
      'roundup_live_streams_open',
      'roundup_deliveries_total',
      'roundup_edgar_polls_total',
    ])
      expect(res.body).toContain(name);
  });
});

function reading(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    async until(needle: string) {
      const deadline = Date.now() + 3000;
      while (!text.includes(needle)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${needle}" in ${text}`);
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), left))]);
        if (!chunk || chunk.done) continue;
        text += decoder.decode(chunk.value);
      }
      return text;
    },
  };
}

describe('live stream reconnects', () => {
  it('sends event ids, and tells a client that reconnects after a change to resync', async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${pro}` }, signal: ctrl.signal });
    const first = await reading(res).until('event: hello');
    const id = /id: (\d+)/.exec(first)![1];
    ctrl.abort();
    // A change while the client is away (the admin edits a split).
    await call(t.app, 'POST', '/api/rs/add', {
      token: admin,
      body: {
        newTicker: {
          name: 'Away Corp',
          ticker: 'AWAY',
          effDate: addDays(TODAY, 7),
          buyDate: addDays(TODAY, 6),
          ratio: 5,
          price: 2,
          estProfit: '',
          avgProfit: 0,
          status: 'Upcoming',
          rsType: 'Round Up',
          source: 'https://www.sec.gov/example',
          notes: '',
          caution: false,
        },
      },
    });
    const ctrl2 = new AbortController();
    const back = await fetch(`${base}/api/events`, {
      headers: { authorization: `Bearer ${pro}`, 'last-event-id': id },
      signal: ctrl2.signal,
    });
    const text = await reading(back).until('"kind":"resync"');
    expect(text).toMatch(/id: \d+\nevent: splits\ndata: \{"kind":"resync"\}/);
    const newId = /id: (\d+)/.exec(text)![1];
    ctrl2.abort();
    // Reconnecting with the latest id: the first splits event is a real change, not a resync.
    const ctrl3 = new AbortController();
    const current = await fetch(`${base}/api/events`, {
      headers: { authorization: `Bearer ${pro}`, 'last-event-id': newId },
      signal: ctrl3.signal,
    });
    const stream = reading(current);
    await stream.until('event: hello');
    await call(t.app, 'POST', '/api/rs/delete', { token: admin, body: { id: 'not-a-split' } });
    const list = await call(t.app, 'GET', '/api/rs', { token: admin });
    const away = list.body.data.splits.find((s: { ticker?: string }) => s.ticker === 'AWAY');
    await call(t.app, 'POST', '/api/rs/delete', { token: admin, body: { id: away._id } });
    const after = await stream.until('event: splits');
    expect(after).toContain('"kind":"changed"');
    expect(after).not.toContain('resync');
    ctrl3.abort();
  });
});
