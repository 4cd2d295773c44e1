import pRetry, { AbortError } from 'p-retry';
import { request } from 'undici';
import { parseFinraDailyList, parseNasdaqDailyList } from './lists';
import { ExchangeListError, type ListedSplit, type ListSource } from './parse';

export { ExchangeListError, listDate, reverseRatio, type ListedSplit, type ListSource } from './parse';
export { parseFinraDailyList, parseNasdaqDailyList } from './lists';

/** The lists a confirmation poll reads (decision 022); a source without a URL is off. */
export interface ExchangeListsOptions {
  nasdaqUrl?: string;
  finraUrl?: string;
  userAgent: string;
  /** Largest body read (bytes). */
  maxBytes?: number;
  timeoutMs?: number;
  retries?: number;
  minBackoffMs?: number;
}

export interface ExchangeLists {
  readonly sources: ListSource[];
  /** Every reverse split each configured list carries now; a list that fails is an error of its own. */
  read(): Promise<{ entries: ListedSplit[]; errors: ExchangeListError[] }>;
}

/** The list's day in its URL: `{date}` becomes YYYYMMDD (Nasdaq and FINRA name files by day). */
const forDay = (url: string, day: string) => url.replace('{date}', day.replace(/-/g, ''));

export function exchangeLists(opts: ExchangeListsOptions, today: () => string): ExchangeLists {
  const maxBytes = opts.maxBytes ?? 5_000_000;
  async function get(url: string, source: ListSource): Promise<string> {
    return pRetry(
      async () => {
        const res = await request(url, {
          headers: { 'user-agent': opts.userAgent, accept: 'text/plain, text/csv, */*' },
          signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
        });
        if (res.statusCode >= 500 || res.statusCode === 429) {
          await res.body.dump().catch(() => undefined);
          throw new ExchangeListError(`the list answered ${res.statusCode}`, source, url);
        }
        if (res.statusCode !== 200) {
          await res.body.dump().catch(() => undefined);
          throw new AbortError(new ExchangeListError(`the list answered ${res.statusCode}`, source, url));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of res.body) {
          size += (chunk as Buffer).byteLength;
          if (size > maxBytes) throw new AbortError(new ExchangeListError(`the list is over ${maxBytes} bytes`, source, url));
          chunks.push(Buffer.from(chunk as Buffer));
        }
        return Buffer.concat(chunks).toString('utf8');
      },
      { retries: opts.retries ?? 2, minTimeout: opts.minBackoffMs ?? 1000, factor: 2, randomize: true },
    );
  }
  const configured: [ListSource, string | undefined, (text: string, url: string) => ListedSplit[]][] = [
    ['nasdaq', opts.nasdaqUrl, parseNasdaqDailyList],
    ['finra', opts.finraUrl, parseFinraDailyList],
  ];
  const active = configured.filter(([, url]) => Boolean(url));
  return {
    sources: active.map(([s]) => s),
    async read() {
      const entries: ListedSplit[] = [];
      const errors: ExchangeListError[] = [];
      for (const [source, template, parse] of active) {
        const url = forDay(template!, today());
        try {
          entries.push(...parse(await get(url, source), url));
        } catch (err) {
          errors.push(err instanceof ExchangeListError ? err : new ExchangeListError((err as Error).message, source, url));
        }
      }
      return { entries, errors };
    },
  };
}
