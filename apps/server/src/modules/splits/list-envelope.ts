import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { etagOf } from '../../http/caching';
import { singleFlight } from '../../lib/single-flight';
import type { SplitView } from '@roundup/shared';
import type { SplitsLive } from './live';
import type { Viewer } from './rules';

/** Safety net only: a change clears the cache at once (decision 006). */
const CACHE_TTL_MS = 30_000;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface EnvelopeBytes {
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

/**
 * GET /api/rs answers from a per-(day, view) cache of the finished JSON envelope, pre-compressed, cleared by
 * the change signal. A miss is built once however many requests miss together (50 concurrent
 * rebuilds after each change or expiry were the p99 tail), and compressed off the event loop.
 */
export function listEnvelopeCache(deps: {
  live: SplitsLive;
  today: () => string;
  variant: (viewer: Viewer) => string;
  list: (viewer: Viewer) => Promise<SplitView[]>;
}): (viewer: Viewer) => Promise<EnvelopeBytes> {
  const cache = new Map<string, { body: EnvelopeBytes; at: number }>();
  deps.live.onChange(() => cache.clear());
  const building = singleFlight<string, EnvelopeBytes>();

  async function build(key: string, viewer: Viewer, version: number): Promise<EnvelopeBytes> {
    const at = Date.now();
    const json = Buffer.from(JSON.stringify({ data: { splits: await deps.list(viewer) }, errors: [] }));
    const [gz, br] = await Promise.all([
      gzipAsync(json, { level: 6 }),
      brotliAsync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
    ]);
    // The audience is part of the tag: a masked and a full list never share one, even when equal.
    const body = { json, gzip: gz, br, etag: etagOf(json, `${deps.variant(viewer)}-`) };
    if (deps.live.version === version) cache.set(key, { body, at });
    return body;
  }

  return async (viewer) => {
    const key = `${deps.today()}|${deps.variant(viewer)}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.body;
    // The version is part of the flight's key: a request that comes after a change never joins an older build.
    const version = deps.live.version;
    return building(`${key}|${version}`, () => build(key, viewer, version));
  };
}
