import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/**
 * A local stand-in for SEC EDGAR that speaks its wire format: full-text search JSON at
 * /LATEST/search-index, the current-filings Atom feed at /cgi-bin/browse-edgar, filing index pages
 * and documents under /Archives/edgar/data/…. It serves the recorded responses in
 * test/fixtures/edgar (gzipped; each file's SHA-256 is checked against manifest.json before use)
 * as routes.json maps them, and logs every request so tests can count and time them.
 */
export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'edgar');

export interface Route {
  path: string;
  /** Query parameters that must match (others are ignored). */
  query?: Record<string, string>;
  file?: string;
  status?: number;
  contentType?: string;
  headers?: Record<string, string>;
  /** Serve this route only this many times (then the next matching route answers). */
  times?: number;
  /** Raw body instead of a file (bad-input cases). */
  body?: string;
  /** `body` is base64 (binary bodies, e.g. a truncated gzip stream). */
  base64?: boolean;
  /** Never answer (a process killed mid-request). */
  hang?: boolean;
}

export interface PeerRequest {
  at: number;
  path: string;
  query: Record<string, string>;
  status: number;
  userAgent: string | undefined;
}

/** Reads a fixture, refusing one whose bytes differ from the manifest. */
export function fixture(file: string, dir = FIXTURES): Buffer {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Record<string, string>;
  const gz = readFileSync(path.join(dir, file));
  const sha = createHash('sha256').update(gz).digest('hex');
  if (manifest[file] !== sha) throw new Error(`fixture ${file}: SHA-256 ${sha} is not the manifest's ${manifest[file]}`);
  return gunzipSync(gz);
}

export function defaultRoutes(dir = FIXTURES): Route[] {
  return JSON.parse(readFileSync(path.join(dir, 'routes.json'), 'utf8')) as Route[];
}

/** Serves `routes`; their files come from `dir` (the recorded chain of `npm run edgar:record`, or the built fixtures). */
export async function startEdgarPeer(routes: Route[] = defaultRoutes(), dir = FIXTURES) {
  const served = new Map<Route, number>();
  const bodies = new Map<string, Buffer>();
  for (const r of routes) if (r.file && !bodies.has(r.file)) bodies.set(r.file, fixture(r.file, dir));
  const log: PeerRequest[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const query = Object.fromEntries(url.searchParams);
    const route = routes.find(
      (r) =>
        r.path === url.pathname &&
        Object.entries(r.query ?? {}).every(([k, v]) => query[k] === v) &&
        (r.times === undefined || (served.get(r) ?? 0) < r.times),
    );
    const entry: PeerRequest = { at: Date.now(), path: url.pathname, query, status: 404, userAgent: req.headers['user-agent'] };
    log.push(entry);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    served.set(route, (served.get(route) ?? 0) + 1);
    if (route.hang) return;
    entry.status = route.status ?? 200;
    const body =
      route.body !== undefined
        ? Buffer.from(route.body, route.base64 ? 'base64' : 'utf8')
        : route.file
          ? bodies.get(route.file)!
          : Buffer.alloc(0);
    res.writeHead(entry.status, {
      'content-type': route.contentType ?? 'text/html; charset=utf-8',
      'content-length': String(body.length),
      ...route.headers,
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    searchUrl: `${base}/LATEST/search-index`,
    log,
    /** Successful answers per path (a document fetched twice shows as 2). */
    okCount(pathname: string) {
      return log.filter((r) => r.path === pathname && r.status === 200).length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type EdgarPeer = Awaited<ReturnType<typeof startEdgarPeer>>;
