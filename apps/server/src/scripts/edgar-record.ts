import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { addDays, marketClock } from '@roundup/shared';
import { edgarClient, edgarHttp } from '../adapters/edgar';
import { parseEnv } from '../env';
import { fixturesOf, recordChain, recordingHttp, type Recorded } from '../modules/discovery/record-chain';

/**
 * `npm run edgar:record -- <accession or query> [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--out DIR]`:
 * records the chain the poller would read — the product's full-text searches over the window, the
 * 8-K current feed, each chosen filing's index page and every document it reads — as a folder the
 * local EDGAR peer replays (gzipped answers, manifest.json with their SHA-256, routes.json).
 * SEC_USER_AGENT is required; EDGAR_SEARCH_URL and EDGAR_ARCHIVES_URL point it at SEC (the default)
 * or at a local peer. docs/discovery.md says how to add a recording to the suite.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { from: { type: 'string' }, to: { type: 'string' }, out: { type: 'string' } },
});
const target = positionals.join(' ').trim();
const day = /^\d{4}-\d{2}-\d{2}$/;
if (!target || [values.from, values.to].some((d) => d !== undefined && !day.test(d))) {
  process.stderr.write('usage: npm run edgar:record -- <accession or query> [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--out DIR]\n');
  process.exit(2);
}
const env = parseEnv(process.env);
if (!env.SEC_USER_AGENT) {
  process.stderr.write('SEC_USER_AGENT is not set ("RoundUp ops@example.com"): SEC asks every client to name itself.\n');
  process.exit(2);
}
const to = values.to ?? marketClock(new Date()).date;
const window = { from: values.from ?? addDays(to, -(env.EDGAR_LOOKBACK_DAYS - 1)), to };
const out = path.resolve(
  values.out ?? path.join('apps/server/test/fixtures/edgar-recorded', target.replace(/[^\w-]+/g, '-').slice(0, 60)),
);

const recorded: Recorded[] = [];
const http = edgarHttp({ userAgent: env.SEC_USER_AGENT, maxRps: env.EDGAR_MAX_RPS, maxBytes: env.EDGAR_MAX_BYTES });
const edgar = edgarClient(
  { searchUrl: env.EDGAR_SEARCH_URL, archivesUrl: env.EDGAR_ARCHIVES_URL },
  recordingHttp(http, recorded),
);
const log = {
  warn: (o: object, msg: string) => void process.stderr.write(`${msg} ${JSON.stringify(o)}\n`),
};
try {
  const { filings } = await recordChain({ edgar, log, archivesUrl: env.EDGAR_ARCHIVES_URL }, { target, window });
  const { files, routes } = fixturesOf(recorded);
  mkdirSync(out, { recursive: true });
  const manifest: Record<string, string> = {};
  for (const [name, body] of files) {
    const gz = gzipSync(body, { level: 9 });
    writeFileSync(path.join(out, name), gz);
    manifest[name] = createHash('sha256').update(gz).digest('hex');
  }
  writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(path.join(out, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
  const source = {
    target,
    window,
    recordedAt: new Date().toISOString(),
    searchUrl: env.EDGAR_SEARCH_URL,
    archivesUrl: env.EDGAR_ARCHIVES_URL,
    filings,
  };
  writeFileSync(path.join(out, 'source.json'), `${JSON.stringify(source, null, 2)}\n`);
  process.stdout.write(`${filings.length} filing(s), ${files.size} answers recorded in ${out}\n`);
} finally {
  await http.close();
}
