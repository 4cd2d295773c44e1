import { isConnectionLost } from './retry';

/**
 * How a database call ran out, when it did: the request answers 503 with Retry-After (never a 500),
 * and the outage log names the table or the kind of wait.
 * - `lock-timeout`: waited longer than lock_timeout for a lock another session holds (55P03);
 * - `statement-timeout`: ran longer than statement_timeout (57014, "due to statement timeout");
 * - `query-timeout`: no answer within the client's query_timeout (the server did not cancel it first);
 * - `pool-exhausted`: no free connection in the pool within its acquire timeout;
 * - `route-busy`: the route's share of the pool stayed taken (its own requests wait on something);
 * - `connection-lost`: the connection failed (restart, failover, network).
 */
export type DbFaultKind =
  'lock-timeout' | 'statement-timeout' | 'query-timeout' | 'pool-exhausted' | 'route-busy' | 'connection-lost';

export interface DbFault {
  kind: DbFaultKind;
  /** The table the statement was about (from its SQL), when the failure came from a statement. */
  table: string | null;
  /** The route whose share of the pool was taken (`route-busy`). */
  route?: string;
}

/** The error a route's wait for its share of the pool ends with (bounded-pool.ts). */
export const ROUTE_BUSY = 'every connection of this route is busy';

/** The first table a statement names: `insert into "trades"`, `update trades`, `select … from "trades"`. */
export function tableOf(text: string | undefined): string | null {
  if (!text) return null;
  const m = /\b(?:from|into|update|join|lock\s+table)\s+(?:only\s+)?(?:"?[a-z_][a-z0-9_]*"?\.)?"?([a-z_][a-z0-9_]*)"?/i.exec(
    text,
  );
  return m ? m[1].toLowerCase() : null;
}

/** Where the db layer notes the statement's table on a failed statement's error (see client.ts). */
export const TABLE_TAG = 'dbTable';

function walk(err: unknown, visit: (e: Record<string, unknown>) => DbFaultKind | null): DbFaultKind | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const kind = visit(e as Record<string, unknown>);
    if (kind) return kind;
  }
  return null;
}

function fieldOf(err: unknown, field: string): string | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const t = (e as Record<string, unknown>)[field];
    if (typeof t === 'string') return t;
  }
  return null;
}
const tagOf = (err: unknown) => fieldOf(err, TABLE_TAG);
const routeOf = (err: unknown) => fieldOf(err, 'route') ?? 'a route';

export function dbFaultOf(err: unknown): DbFault | null {
  const kind = walk(err, (e) => {
    const message = typeof e.message === 'string' ? e.message : '';
    if (e.code === '55P03') return 'lock-timeout';
    if (e.code === '57014' && /statement timeout/i.test(message)) return 'statement-timeout';
    if (message === 'Query read timeout') return 'query-timeout';
    // pg-pool's wait for a free connection; a new connection that does not come says "connection timeout".
    if (message === 'timeout exceeded when trying to connect') return 'pool-exhausted';
    if (message === ROUTE_BUSY) return 'route-busy';
    return null;
  });
  if (kind === 'route-busy') return { kind, table: null, route: routeOf(err) };
  if (kind) return { kind, table: tagOf(err) };
  return isConnectionLost(err) ? { kind: 'connection-lost', table: null } : null;
}

/** Whether an outage (by key) makes the process unready: a single busy route does not. */
export const affectsReadiness = (key: string) => !key.startsWith('busy:');

/** The outage a fault belongs to, and what readiness and the log call it. */
export function outageOf(fault: DbFault): { key: string; reason: string } {
  switch (fault.kind) {
    case 'connection-lost':
      return { key: 'database', reason: 'The database is unreachable' };
    case 'pool-exhausted':
      return { key: 'pool', reason: 'connection pool exhausted' };
    case 'route-busy':
      // The route's own requests are stuck (another outage says on what): not the whole process's readiness.
      return { key: `busy:${fault.route}`, reason: `every connection ${fault.route} may hold is busy` };
    default:
      return fault.table
        ? { key: `timeout:${fault.table}`, reason: `queries timing out on ${fault.table}` }
        : { key: 'timeout', reason: 'queries timing out' };
  }
}
