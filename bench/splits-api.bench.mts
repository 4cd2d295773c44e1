/**
 * Budget (product.md#budgets): GET /api/rs for a Pro user with 2,000 splits must reach
 * ≥ 0.9× the throughput of a bare node:http server answering the identical bytes, measured in the same
 * run, and a p99 within 1.5× the bare server's at 50 connections: once as a browser asks (br),
 * once gzip, once uncompressed. (An absolute p99 says more about the machine than the app: the bare server
 * alone needs about 430 ms at p99 for 2,000 uncompressed splits to 50 connections on 2 cores.)
 *
 * Runs the real app (buildApp, every plugin and hook, session resolution with the default
 * SESSION_CACHE_MS; set SESSION_CACHE_MS=0 to look the session up on every request) on an
 * in-memory PGlite (or BENCH_DATABASE_URL), seeds 2,000 splits, and drives both servers
 * with autocannon in a child process (so the load generator does not share the event loop).
 * Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_STRICT=1 to exit 1 over budget.
 */
import { execFile } from 'node:child_process';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { addDays, RS_TYPES, todayInMarket } from '@roundup/shared';
import { buildApp } from '../apps/server/src/app';
import { migrate, openDatabase, schema } from '../apps/server/src/db/client';
import { parseEnv, testConfig } from '../apps/server/src/env';

const run = promisify(execFile);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SPLITS = 2000;
/** The list stays within 10 % of a bare server sending the same bytes, compressed or not. */
const RATIO_BUDGET = 0.9;
/** The tail stays within 1.5× of the bare server's. */
const P99_BUDGET = 1.5;

interface Result {
  rps: number;
  p99: number;
  p50: number;
  mbps: number;
  non2xx: number;
  errors: number;
}

async function cannon(url: string, headers: Record<string, string>, seconds: number): Promise<Result> {
  const bin = path.resolve('node_modules/autocannon/autocannon.js');
  const args = [bin, '-c', String(CONNECTIONS), '-d', String(seconds), '-j'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const r = JSON.parse(stdout);
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    p50: r.latency.p50,
    mbps: r.throughput.average / 1e6,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

const listen = (s: Server) =>
  new Promise<number>((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)));

async function main() {
  const database = await openDatabase(
    process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : { dataDir: 'memory://' },
  );
  await migrate(database);
  const today = todayInMarket();
  const rows = Array.from({ length: SPLITS }, (_, i) => {
    const buy = addDays(today, (i % 400) - 300);
    return {
      name: `Bench Holdings ${i} Inc.`,
      ticker: `B${String(i).padStart(4, '0')}`,
      buyDate: buy,
      effDate: addDays(buy, 1),
      ratio: 2 + (i % 50),
      price: ((i % 300) / 100 + 0.1).toFixed(4),
      estProfit: ((i % 900) / 100).toFixed(2),
      avgProfit: ((i % 700) / 100).toFixed(2),
      status: i % 3 === 0 ? 'Upcoming' : 'Complete',
      rsType: RS_TYPES[i % RS_TYPES.length],
      source: `https://www.sec.gov/cgi-bin/browse-edgar?company=bench${i}`,
      notes: i % 4 === 0 ? `Bench note ${i}: broker support varies; check before buying.` : null,
      caution: i % 10 === 0,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(schema.reverseSplits).values(rows.slice(i, i + 500));

  const app = await buildApp({
    database,
    config: testConfig({ RATE_LIMIT_SCALE: 1000, SESSION_CACHE_MS: parseEnv(process.env).SESSION_CACHE_MS }),
    webDist: null,
    logger: false,
  });
  await app.ready();
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username: 'benchpro', email: 'bench@example.com', password: 'a long bench passphrase', consent: true },
  });
  const { token, user } = reg.json().data;
  await database.query('update users set role = $1 where id = $2', ['Pro', user._id ?? user.id]);
  const appPort = await listen(app.server);

  // Each encoding a client may ask for; the bare server answers the very same bytes the app sent.
  const variants = ['gzip, deflate, br', 'gzip', 'identity'];
  let ok = true;
  for (const acceptEncoding of variants) {
    const auth = { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding };
    const first = await new Promise<{ bytes: Buffer; headers: Record<string, string> }>((resolve, reject) => {
      get(`http://127.0.0.1:${appPort}/api/rs`, { headers: auth }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ bytes: Buffer.concat(chunks), headers: res.headers as Record<string, string> }));
      }).on('error', reject);
    });
    const bytes = first.bytes;
    const encoding = first.headers['content-encoding'];
    const plain = encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'br' ? brotliDecompressSync(bytes) : bytes;
    const count = JSON.parse(plain.toString()).data.splits.length;

    const bare = createServer((_req, res) => {
      res.writeHead(200, {
        'content-type': first.headers['content-type'],
        'content-length': bytes.length,
        ...(encoding ? { 'content-encoding': encoding } : {}),
      });
      res.end(bytes);
    });
    const barePort = await listen(bare);

    console.log(
      `\nGET /api/rs as Pro, accept-encoding "${acceptEncoding}": ${count} splits, ${(plain.length / 1024).toFixed(0)} KiB JSON, ${(bytes.length / 1024).toFixed(0)} KiB on the wire (${encoding ?? 'identity'}); ${CONNECTIONS} connections, ${DURATION} s each (after a 2 s warm-up)`,
    );
    const enc = { 'accept-encoding': acceptEncoding };
    await cannon(`http://127.0.0.1:${barePort}/`, enc, 2);
    const baseline = await cannon(`http://127.0.0.1:${barePort}/`, enc, DURATION);
    await cannon(`http://127.0.0.1:${appPort}/api/rs`, auth, 2);
    const api = await cannon(`http://127.0.0.1:${appPort}/api/rs`, auth, DURATION);

    const ratio = api.rps / baseline.rps;
    const fmt = (name: string, r: Result) =>
      `${name.padEnd(22)} ${r.rps.toFixed(0).padStart(7)} req/s  ${r.mbps.toFixed(0).padStart(5)} MB/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  non-2xx ${r.non2xx}  errors ${r.errors}`;
    console.log(fmt('bare node:http', baseline));
    console.log(fmt('RoundUp GET /api/rs', api));
    const okRatio = ratio >= RATIO_BUDGET;
    const p99Ratio = api.p99 / Math.max(1, baseline.p99);
    const okP99 = p99Ratio <= P99_BUDGET;
    ok = ok && okRatio && okP99 && api.non2xx === 0 && api.errors === 0;
    console.log(
      `ratio ${ratio.toFixed(2)} (budget ≥ ${RATIO_BUDGET.toFixed(2)}) ${okRatio ? 'OK' : 'OVER BUDGET'}; p99 ${api.p99} ms = ${p99Ratio.toFixed(2)}× bare (budget ≤ ${P99_BUDGET}×) ${okP99 ? 'OK' : 'OVER BUDGET'}`,
    );
    bare.close();
  }

  await app.close();
  await database.close();
  if (!ok && process.env.BENCH_STRICT === '1') process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
