import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisReachable, redisUrl } from '../../../test/helpers';
import { edgarHttp, parseCurrentFeed, parseFilingIndex, retryAfterMs } from './index';

/** A server that records when each request arrived and answers what the test queues for its path. */
let server: Server;
let base: string;
const arrivals: number[] = [];
const scripted = new Map<string, { status: number; headers?: Record<string, string>; body?: string }[]>();

beforeAll(async () => {
  server = createServer((req, res) => {
    arrivals.push(Date.now());
    const next = scripted.get(req.url ?? '')?.shift() ?? { status: 200, body: 'ok' };
    res.writeHead(next.status, next.headers).end(next.body ?? '');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const perSecond = (times: number[]) => Math.max(...times.map((t) => times.filter((x) => x >= t && x < t + 1000).length));

describe('EDGAR HTTP client', () => {
  it('waits out a 429 for its Retry-After, and gives up on a 404 without retrying', async () => {
    const http = edgarHttp({ userAgent: 'RoundUp t@example.com', maxRps: 10, maxBytes: 1000, minBackoffMs: 10 });
    scripted.set('/busy', [
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 200, body: 'done' },
    ]);
    const start = Date.now();
    expect((await http.get(`${base}/busy`)).toString()).toBe('done');
    expect(Date.now() - start).toBeGreaterThanOrEqual(1000);
    scripted.set('/gone', [{ status: 404 }, { status: 200, body: 'never asked' }]);
    await expect(http.get(`${base}/gone`)).rejects.toMatchObject({ status: 404 });
    expect(scripted.get('/gone')).toHaveLength(1);
    scripted.set('/big', [{ status: 200, body: 'x'.repeat(2000) }]);
    await expect(http.get(`${base}/big`)).rejects.toThrow(/byte cap/);
    await http.close();
  });

  it("SEC's block page arriving as a 200 HTML page is an error to retry, never a body", async () => {
    const http = edgarHttp({ userAgent: 'RoundUp t@example.com', maxRps: 10, maxBytes: 100_000, retries: 1, minBackoffMs: 10 });
    const block = (title: string) =>
      `<!DOCTYPE html>\n<html><head><title>SEC.gov | ${title}</title></head><body><h1>Your Request Originates from an ${title}</h1></body></html>`;
    scripted.set('/blocked-once', [
      { status: 200, headers: { 'content-type': 'text/html' }, body: block('Request Rate Threshold Exceeded') },
      { status: 200, body: '{"hits":{}}' },
    ]);
    expect((await http.get(`${base}/blocked-once`, 'application/json')).toString()).toBe('{"hits":{}}');
    scripted.set('/blocked', [
      { status: 200, headers: { 'content-type': 'text/html' }, body: block('Undeclared Automated Tool') },
      { status: 200, headers: { 'content-type': 'text/html' }, body: block('Undeclared Automated Tool') },
    ]);
    await expect(http.get(`${base}/blocked`, 'text/html')).rejects.toThrow(/block page/);
    // A filing that merely uses the words deep in its body is a document like any other.
    const filing = `<html><body>${'<p>text</p>'.repeat(2000)}<p>Request Rate Threshold Exceeded</p></body></html>`;
    scripted.set('/filing', [{ status: 200, body: filing }]);
    expect((await http.get(`${base}/filing`, 'text/html')).toString()).toBe(filing);
    await http.close();
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('3', 0)).toBe(3000);
    expect(retryAfterMs('Wed, 25 Nov 2026 05:00:10 GMT', Date.parse('2026-11-25T05:00:00Z'))).toBe(10_000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs('99999')).toBe(120_000);
  });

  it('keeps two processes together under 10 requests a second through Redis', async ({ skip }) => {
    if (!(await redisReachable())) return skip();
    const a = new Redis(redisUrl);
    const b = new Redis(redisUrl);
    // Both "processes" use the shared limiter id; a fresh Redis database key space is not needed.
    const one = edgarHttp({ userAgent: 'RoundUp t@example.com', maxRps: 10, maxBytes: 1000, redis: a });
    const two = edgarHttp({ userAgent: 'RoundUp t@example.com', maxRps: 10, maxBytes: 1000, redis: b });
    arrivals.length = 0;
    const stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
    const started = Date.now();
    await Promise.all(Array.from({ length: 15 }, (_, i) => [one.get(`${base}/a${i}`), two.get(`${base}/b${i}`)]).flat());
    stalls.disable();
    expect(arrivals).toHaveLength(30);
    // One schedule for both: 30 requests 125 ms apart take at least 29 × 125 ms (two separate limiters: half that).
    expect(Date.now() - started).toBeGreaterThanOrEqual(29 * 125 - 50);
    // No second sees more than 10. This process is both the clients and the peer: when the machine stalls it
    // for d ms, up to d / 125 requests due during the stall leave (and are stamped) together afterwards, which
    // a busy CI machine does; only that many are allowed on top.
    const stalledMs = stalls.max / 1e6;
    expect(perSecond(arrivals)).toBeLessThanOrEqual(10 + Math.floor(stalledMs / 125));
    await Promise.all([one.close(), two.close()]);
    a.disconnect();
    b.disconnect();
  });
});

describe('EDGAR parsers', () => {
  it('the Atom feed: entries with an accession, CIK and form; the rest skipped', () => {
    const xml = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom">
      <entry><title>8-K - Foo Corp (0000000123) (Filer)</title><summary type="html">&lt;b&gt;Filed:&lt;/b&gt; 2026-11-20 &lt;b&gt;AccNo:&lt;/b&gt; 0000000123-26-000001 &lt;br&gt;Item 5.03: Amendments</summary><id>urn:tag:sec.gov,2008:accession-number=0000000123-26-000001</id></entry>
      <entry><title>broken</title></entry>
      <entry><summary>no title</summary></entry></feed>`;
    expect(parseCurrentFeed(xml)).toEqual([
      {
        accession: '0000000123-26-000001',
        form: '8-K',
        company: 'Foo Corp',
        cik: '0000000123',
        fileDate: '2026-11-20',
        items: ['5.03'],
      },
    ]);
    expect(parseCurrentFeed('<feed></feed>')).toEqual([]);
    expect(parseCurrentFeed('not xml at all')).toEqual([]);
  });

  it('the filing index: acceptance time in New York, documents with their types', () => {
    const html = `<div class="infoHead">Accepted</div><div class="info">2026-07-01 16:05:12</div>
      <table class="tableFile" summary="Document Format Files"><tr><th>Seq</th><th>Description</th><th>Document</th><th>Type</th><th>Size</th></tr>
      <tr><td>1</td><td>8-K</td><td><a href="/ix?doc=/Archives/edgar/data/123/000000012326000001/foo-8k.htm">foo-8k.htm</a></td><td>8-K</td><td>1</td></tr>
      <tr><td>2</td><td>PR</td><td><a href="/Archives/edgar/data/123/000000012326000001/ex99.htm">ex99.htm</a></td><td>EX-99.1</td><td>1</td></tr></table>`;
    expect(parseFilingIndex(html, 'https://www.sec.gov')).toEqual({
      acceptedAt: '2026-07-01T20:05:12.000Z',
      documents: [
        {
          filename: 'foo-8k.htm',
          type: '8-K',
          description: '8-K',
          url: 'https://www.sec.gov/Archives/edgar/data/123/000000012326000001/foo-8k.htm',
        },
        {
          filename: 'ex99.htm',
          type: 'EX-99.1',
          description: 'PR',
          url: 'https://www.sec.gov/Archives/edgar/data/123/000000012326000001/ex99.htm',
        },
      ],
    });
  });
});
