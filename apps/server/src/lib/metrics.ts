import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics (docs/operations.md says what each one means; decision 017 how they are exposed).
 *
 * One registry per process. Modules record into the metrics below; new ones register here with
 * `registry` (e.g. the EDGAR discovery poller uses `edgarPolls`). Gauges whose value lives in the
 * database (queue depth, oldest job age) are filled when scraped, through `onScrape`.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'roundup_' });

export const httpRequests = new Counter({
  name: 'roundup_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'roundup_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const queueDepth = new Gauge({
  name: 'roundup_queue_depth',
  help: 'Notification deliveries waiting to be sent (queued or sending)',
  registers: [registry],
});

export const queueOldestAge = new Gauge({
  name: 'roundup_queue_oldest_job_age_seconds',
  help: 'Age of the oldest delivery that is due and not yet sent (0 when none)',
  registers: [registry],
});

export const deliveries = new Counter({
  name: 'roundup_deliveries_total',
  help: 'Notification delivery attempts by channel and outcome (sent, failed, skipped)',
  labelNames: ['channel', 'outcome'] as const,
  registers: [registry],
});

export const liveStreams = new Gauge({
  name: 'roundup_live_streams_open',
  help: 'Server-sent event streams open on this process',
  registers: [registry],
});

/** EDGAR discovery: one increment per poll cycle, by outcome (ok, error: a source or the queue failed). */
export const edgarPolls = new Counter({
  name: 'roundup_edgar_polls_total',
  help: 'EDGAR discovery polls by outcome (ok, error)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** Each filing the discovery read, by result (proposed, skipped, retry, failed). */
export const edgarFilings = new Counter({
  name: 'roundup_edgar_filings_total',
  help: 'SEC filings read by the discovery, by result (proposed, watched, skipped, retry, failed)',
  labelNames: ['result'] as const,
  registers: [registry],
});

/** Requests sent to SEC (every attempt, retries included). */
export const edgarRequests = new Counter({
  name: 'roundup_edgar_requests_total',
  help: 'HTTP requests sent to SEC EDGAR, retries included',
  registers: [registry],
});

const scrapeHooks = new Set<() => Promise<void>>();

/** Runs `fn` before each scrape (to read gauges from the database); returns the unregister function. */
export function onScrape(fn: () => Promise<void>): () => void {
  scrapeHooks.add(fn);
  return () => scrapeHooks.delete(fn);
}

/** The exposition text, after refreshing the database-backed gauges (a failing hook leaves its last value). */
export async function scrape(): Promise<{ contentType: string; body: string }> {
  await Promise.all([...scrapeHooks].map((fn) => fn().catch(() => undefined)));
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** A bare HTTP server answering GET /metrics on its own port (METRICS_PORT), for a scraper inside the network. */
export function serveMetrics(port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    scrape().then(
      (m) => res.writeHead(200, { 'content-type': m.contentType, 'cache-control': 'no-store' }).end(m.body),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** Answers that did not match their documented schema (decision 018): each one is a bug to fix. */
export const responseMismatches = new Counter({
  name: 'roundup_response_schema_mismatches_total',
  help: 'JSON answers that did not match their documented response schema, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  registers: [registry],
});
