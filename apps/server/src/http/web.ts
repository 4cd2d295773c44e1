import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Faq, PastSplit } from '@roundup/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sanitizeForPage } from '../lib/rich-text';
import { builtHead, renderIndex } from './page-head';

/**
 * Serving the built web app behind a CDN (docs/decisions/017-http-caching-and-operations.md):
 * hashed assets are immutable for a year, index.html is revalidated on every load (ETag),
 * .br/.gz siblings written by the web build are sent as-is with `Vary: Accept-Encoding`,
 * and only navigations fall back to index.html: anything else that is not found is a 404.
 */

/** Pages a visitor can read, listed in sitemap.xml (`/brokers` and the rest need an account or are per-member). */
export const PUBLIC_PAGES = ['/', '/learn', '/services', '/faq', '/policies', '/terms-of-service', '/privacy-policy'];

const ASSET_CACHE = 'public, max-age=31536000, immutable';
const OTHER_FILE_CACHE = 'public, max-age=3600';

/**
 * Whether the request is a navigation the SPA should answer (not a missing file or an API call): GET or HEAD,
 * not under /api/ or /assets/, no dotfile, no file extension in the last segment, and an Accept that takes a page.
 */
export function isNavigation(req: { method: string; url: string; headers: Record<string, unknown> }): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = decodedPath(req.url.split(/[?#]/)[0] ?? '');
  if (pathname === null) return false;
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/')) return false;
  const segments = pathname.split('/');
  // Dotfiles (/.env, /.git/config) and anything that names a file (/favicon-nope.png).
  if (segments.some((s) => s.startsWith('.'))) return false;
  if ((segments.at(-1) ?? '').includes('.')) return false;
  return acceptsPage(req.headers.accept);
}

/** The path as the router sees it (`/%2eenv` is `/.env`), or null if it does not decode. */
function decodedPath(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * connect-history-api-fallback's rule: a client that sends no Accept (wget, many monitors), `*\/*` (curl,
 * link-preview fetchers) or names text/html gets the page; one that asks for JSON first does not.
 */
function acceptsPage(header: unknown): boolean {
  const accept = (Array.isArray(header) ? header.join(',') : String(header ?? '')).trim().toLowerCase();
  if (accept === '') return true;
  if (accept.startsWith('application/json')) return false;
  return /(^|[\s,])(text\/html|\*\/\*)\s*(;|,|$)/.test(accept);
}

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /settings',
    'Disallow: /api',
    '',
    `Sitemap: ${appUrl.replace(/\/$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(appUrl: string, lastChange: Date): string {
  const base = appUrl.replace(/\/$/, '');
  const day = lastChange.toISOString().slice(0, 10);
  const urls = PUBLIC_PAGES.map((p) => `  <url><loc>${base}${p === '/' ? '/' : p}</loc><lastmod>${day}</lastmod></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * The public pages rendered at build (apps/web/vite.config.ts → dist/prerendered/<path>/index.html),
 * by path: `/learn` → prerendered/learn/index.html (docs/decisions/015-prerendered-public-pages.md).
 */
export function readPrerendered(webDist: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string, prefix: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
      else if (entry.name === 'index.html') pages.set(prefix || '/', readFileSync(path.join(dir, entry.name), 'utf8'));
    }
  };
  walk(path.join(webDist, PRERENDERED_DIR), '');
  return pages;
}

const PRERENDERED_DIR = 'prerendered';

/** The web build's Node module of its page renderer (apps/web/src/prerender.tsx), never served. */
const SSR_DIR = 'ssr';

/** Data only the server has, that a page rendered at build is rendered again with (prerender.tsx's PageData). */
export interface PageData {
  faqs?: readonly Faq[];
  recentSplits?: readonly PastSplit[];
}

/** What the server uses of that module: a page rendered at build, rendered again with data the build had not. */
export interface PageRenderer {
  renderWithData(page: string, pathname: string, data: PageData, sanitize: (html: string) => string): Promise<string | null>;
}

/** Loads dist/ssr/prerender.js, or null without one (a build from before it, or a failed import). */
export async function loadPageRenderer(webDist: string): Promise<PageRenderer | null> {
  const file = path.join(webDist, SSR_DIR, 'prerender.js');
  if (!existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as Partial<PageRenderer>;
  return typeof mod.renderWithData === 'function' ? (mod as PageRenderer) : null;
}

interface WebOptions {
  webDist: string | null;
  appUrl: string;
  /** The FAQs GET /api/faqs lists: /faq is rendered with them (decision 015, "Data the pages fetch"). */
  publishedFaqs?: () => Promise<Faq[]>;
  /** The recent round-up splits GET /api/rs/past lists: the landing is rendered with them. */
  recentSplits?: () => Promise<PastSplit[]>;
}

/** The pages the server renders again with its data, and how it reads that data. */
function pageDataReaders(opts: WebOptions): Record<string, (() => Promise<PageData>) | undefined> {
  const { publishedFaqs, recentSplits } = opts;
  return {
    '/faq': publishedFaqs && (async () => ({ faqs: await publishedFaqs() })),
    '/': recentSplits && (async () => ({ recentSplits: await recentSplits() })),
  };
}

const notFoundBody = (req: FastifyRequest) => ({
  data: null,
  errors: [{ msg: `Not found: ${req.method} ${req.url.split('?')[0]}` }],
});

/**
 * /faq with the published FAQs in it, and the landing with the recent round-up splits. They are read
 * on every load (one small query, like the GET the page makes anyway), so a change made through any
 * replica shows on the next load of every replica; the rendering is what is cached, by the data's
 * content. Without the renderer, or if reading or rendering fails, the page rendered at build is
 * answered (the app fills the data in the browser, as before).
 */
function dataPages(app: FastifyInstance, opts: WebOptions, prerendered: Map<string, string>) {
  let renderer: Promise<PageRenderer | null> | null = null;
  const readers = pageDataReaders(opts);
  const withData = new Map<string, { version: string; page: { body: string; etag: string } }>();
  return async (pathname: string) => {
    const key = pathname.replace(/\/+$/, '') || '/';
    const built = prerendered.get(key);
    const read = readers[key];
    if (!built || !read) return null;
    try {
      const data = await read();
      const version = createHash('sha1').update(JSON.stringify(data)).digest('base64url');
      const cached = withData.get(pathname);
      if (cached?.version === version) return cached.page;
      renderer ??= loadPageRenderer(opts.webDist!).catch((err: unknown) => {
        app.log.warn({ err }, 'web: the page renderer (dist/ssr) did not load; pages are served as built');
        return null;
      });
      const filled = await (await renderer)?.renderWithData(built, key, data, sanitizeForPage);
      if (!filled) return null;
      const body = renderIndex(filled, pathname, opts.appUrl, builtHead(built));
      const page = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      if (withData.size < 10 || withData.has(pathname)) withData.set(pathname, { version, page });
      return page;
    } catch (err) {
      app.log.warn({ err, pathname }, 'web: a page could not be rendered with its data; served as built');
      return null;
    }
  };
}

/**
 * Registers the static files, robots.txt, sitemap.xml and the not-found handler.
 * `webDist` null or without index.html: the API alone (every unknown path is a 404).
 */
export async function registerWeb(app: FastifyInstance, opts: WebOptions) {
  const serveWeb = opts.webDist !== null && existsSync(path.join(opts.webDist, 'index.html'));
  // The pages change with each build: the build time is their last change.
  const builtAt = serveWeb ? statSync(path.join(opts.webDist!, 'index.html')).mtime : new Date();
  const template = serveWeb ? readFileSync(path.join(opts.webDist!, 'index.html'), 'utf8') : '';
  const prerendered = serveWeb ? readPrerendered(opts.webDist!) : new Map<string, string>();
  // Each path's page, with its own head, rendered once and revalidated by its ETag.
  const pages = new Map<string, { body: string; etag: string }>();
  const pageFor = (pathname: string) => {
    let page = pages.get(pathname);
    if (!page) {
      // A public page rendered at build, else the app's empty shell (the app renders in the browser).
      const built = prerendered.get(pathname.replace(/\/+$/, '') || '/');
      // A page rendered at build keeps the title and description it was built with (decision 016).
      const body = built
        ? renderIndex(built, pathname, opts.appUrl, builtHead(built))
        : renderIndex(template, pathname, opts.appUrl);
      page = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      if (pages.size < 1000) pages.set(pathname, page);
    }
    return page;
  };
  const dataPageFor = dataPages(app, opts, prerendered);
  const robots = robotsTxt(opts.appUrl);
  const sitemap = sitemapXml(opts.appUrl, builtAt);

  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist!,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // The prerendered pages are answered for their paths (below), never as files; the renderer is the server's.
      allowedPath: (pathname) => !pathname.startsWith(`/${PRERENDERED_DIR}/`) && !pathname.startsWith(`/${SSR_DIR}/`),
      setHeaders(res, filePath) {
        const rel = path.relative(opts.webDist!, filePath).split(path.sep).join('/');
        const plain = rel.replace(/\.(br|gz)$/, '');
        res.setHeader('vary', 'Accept-Encoding');
        // The service worker (web push, decision 026) is checked on every load, so a fix reaches members at once.
        if (plain === 'index.html' || plain === 'sw.js') res.setHeader('cache-control', 'no-cache');
        else if (plain.startsWith('assets/')) res.setHeader('cache-control', ASSET_CACHE);
        else res.setHeader('cache-control', OTHER_FILE_CACHE);
      },
    });
  }

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', OTHER_FILE_CACHE).send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', OTHER_FILE_CACHE).send(sitemap),
  );

  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    if (!serveWeb || !isNavigation(req)) return reply.status(404).send(notFoundBody(req));
    // The SPA answers navigations (deep links like /settings/accounts) with that page's head.
    const pathname = req.url.split(/[?#]/)[0] || '/';
    const page = (await dataPageFor(pathname)) ?? pageFor(pathname);
    reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'Accept-Encoding');
    if (String(req.headers['if-none-match'] ?? '') === page.etag) return reply.status(304).send();
    return reply.type('text/html; charset=utf-8').send(page.body);
  });
  return { serveWeb };
}
