import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A local stand-in for Nasdaq Trader's Daily List and FINRA's OTC Daily List downloads (decision
 * 022): it serves the files in test/fixtures/exchange-lists (pipe-delimited, the publishers' column
 * names) at /dynamic/dailylist/… and /otce/dailylist/…, one file per day, and logs each request.
 * A test swaps a day's body (`serve`) to make a list change, break, or go away.
 */
export const LIST_FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'exchange-lists');
export const listFixture = (file: string) => readFileSync(path.join(LIST_FIXTURES, file), 'utf8');

export const NASDAQ_PATH = '/dynamic/dailylist/{date}.txt';
export const FINRA_PATH = '/otce/dailylist/{date}.txt';

export async function startListsPeer() {
  const bodies = new Map<string, { status: number; body: string }>();
  const log: { path: string; userAgent: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    log.push({ path: url.pathname, userAgent: req.headers['user-agent'] });
    const hit = bodies.get(url.pathname);
    if (!hit) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    res.writeHead(hit.status, { 'content-type': 'text/plain; charset=utf-8' }).end(hit.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const at = (template: string, day: string) => template.replace('{date}', day.replace(/-/g, ''));
  return {
    nasdaqUrl: `${base}${NASDAQ_PATH}`,
    finraUrl: `${base}${FINRA_PATH}`,
    log,
    serve(which: 'nasdaq' | 'finra', day: string, body: string, status = 200) {
      bodies.set(at(which === 'nasdaq' ? NASDAQ_PATH : FINRA_PATH, day), { status, body });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type ListsPeer = Awaited<ReturnType<typeof startListsPeer>>;
