import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { waitSlots } from '../lib/wait-slots';
import { ROUTE_BUSY, TABLE_TAG, tableOf } from './fault-rules';

/**
 * Every deadline a request's database work has (docs/operations.md, "Timeouts and pools", gives the
 * reason for each value). PostgreSQL enforces the first three per connection, so a statement that runs
 * out is cancelled and its transaction rolled back by the server: nothing it did lands later.
 */
export interface DbDeadlines {
  /** A statement running longer is cancelled by the server (statement_timeout). */
  statementTimeoutMs: number;
  /** A wait for another session's lock longer than this fails the statement (lock_timeout). */
  lockTimeoutMs: number;
  /** A transaction left open and idle is ended, with its locks (idle_in_transaction_session_timeout). */
  idleInTransactionMs: number;
  /** The client gives up on an answer after this (a network that stopped answering, not the server). */
  queryTimeoutMs: number;
  /** A wait for a free connection of the pool longer than this fails with 503. */
  acquireTimeoutMs: number;
  /** A route whose connections all stay taken this long (none came free) is stuck: its waiters answer 503. */
  routeStallMs: number;
  /** The longest wait for one of the route's connections, even while its queue moves. */
  routeWaitMs: number;
  /** The pool's connections. */
  poolSize: number;
  /** Connections one route (e.g. `POST /api/trades/edit`) may hold at once, so a blocked table cannot take the pool. */
  routeConnections: number;
}

export const DEFAULT_DEADLINES: DbDeadlines = {
  statementTimeoutMs: 3_000,
  lockTimeoutMs: 2_000,
  idleInTransactionMs: 10_000,
  queryTimeoutMs: 3_500,
  acquireTimeoutMs: 2_000,
  routeStallMs: 1_000,
  routeWaitMs: 4_000,
  poolSize: 10,
  routeConnections: 3,
};

export interface PoolEvents {
  /** A statement answered. */
  answered(): void;
}

/**
 * A pg.Pool (drizzle recognises it as one) that gives each route at most `routeConnections` of its
 * connections: `scope(route, fn)` runs fn (a request) as that route. Work outside a scope (the worker,
 * the pollers, start-up) is limited by the pool alone. Each connection notes the table of a failed
 * statement on its error, so the 503 and the log can name it.
 */
export class BoundedPool extends pg.Pool {
  private readonly routes = new AsyncLocalStorage<string>();
  private readonly shares = new Map<string, ReturnType<typeof waitSlots>>();
  events: PoolEvents = { answered: () => undefined };

  constructor(
    url: string,
    private readonly limits: DbDeadlines,
  ) {
    super({
      connectionString: url,
      max: limits.poolSize,
      connectionTimeoutMillis: limits.acquireTimeoutMs,
      statement_timeout: limits.statementTimeoutMs,
      lock_timeout: limits.lockTimeoutMs,
      idle_in_transaction_session_timeout: limits.idleInTransactionMs,
      query_timeout: limits.queryTimeoutMs,
    });
    this.on('connect', (client) => this.observe(client));
  }

  /** Runs `fn` (and everything it starts) as `route`. */
  scope<T>(route: string, fn: () => T): T {
    return this.routes.run(route, fn);
  }

  // pg-pool's own query() goes through connect() too, so this is the one door to a connection.
  override connect(): Promise<pg.PoolClient>;
  override connect(
    cb: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(cb?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
    const got = this.acquire();
    if (!cb) return got;
    got.then(
      (c) => cb(undefined, c, c.release as (release?: unknown) => void),
      (err: Error) => cb(err, undefined, () => undefined),
    );
    return undefined;
  }

  private async acquire(): Promise<pg.PoolClient> {
    const route = this.routes.getStore();
    let share = () => {};
    if (route) {
      let slots = this.shares.get(route);
      if (!slots) this.shares.set(route, (slots = waitSlots(this.limits.routeConnections)));
      const got = await slots.take(this.limits.routeStallMs, this.limits.routeWaitMs);
      if (!got) throw Object.assign(new Error(ROUTE_BUSY), { route });
      share = got;
    }
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (err) {
      share();
      throw err;
    }
    const release = client.release;
    client.release = (err?: Error | boolean) => {
      share();
      return release.call(client, err);
    };
    return client;
  }

  /** Notes each failed statement's table on its error, and tells `events` of each answer. */
  private observe(client: pg.PoolClient) {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const tag = (err: unknown, text: string | undefined) => {
      if (err && typeof err === 'object') Object.assign(err, { [TABLE_TAG]: tableOf(text) });
    };
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (err: unknown, res: unknown) => {
          if (err) tag(err, text);
          else this.events.answered();
          (last as (e: unknown, r: unknown) => void)(err, res);
        };
        return query(...args);
      }
      const out = query(...args) as Promise<unknown> | undefined;
      if (!out || typeof out.then !== 'function') return out;
      return out.then(
        (res) => {
          this.events.answered();
          return res;
        },
        (err: unknown) => {
          tag(err, text);
          throw err;
        },
      );
    };
  }
}
