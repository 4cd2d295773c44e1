import { describe, expect, it } from 'vitest';
import { affectsReadiness, dbFaultOf, outageOf, ROUTE_BUSY, tableOf } from './fault-rules';

describe('tableOf', () => {
  it.each([
    ['insert into "trades" ("id", "user_id") values ($1, $2)', 'trades'],
    ['update "trades" set "buy_price" = $1 where "trades"."id" = $2', 'trades'],
    ['select "id" from "public"."sessions" where "token_hash" = $1', 'sessions'],
    ['with claimed as (update notification_deliveries d set status = $1', 'notification_deliveries'],
    ['select count(*) from (select 1) x join "accounts" a on true', 'accounts'],
    ['LOCK TABLE trades IN ACCESS EXCLUSIVE MODE', 'trades'],
    ['select 1 as ok', null],
    [undefined, null],
  ])('%s → %s', (text, table) => {
    expect(tableOf(text)).toBe(table);
  });
});

const coded = (message: string, code?: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), code ? { code } : {}, extra);

describe('dbFaultOf', () => {
  it.each([
    [
      'a lock wait past lock_timeout',
      coded('canceling statement due to lock timeout', '55P03', { dbTable: 'trades' }),
      'lock-timeout',
      'trades',
    ],
    [
      'the same wrapped by Drizzle',
      new Error('Failed query', { cause: coded('canceling statement due to lock timeout', '55P03', { dbTable: 'trades' }) }),
      'lock-timeout',
      'trades',
    ],
    [
      'a statement past statement_timeout',
      coded('canceling statement due to statement timeout', '57014'),
      'statement-timeout',
      null,
    ],
    ['the client query timeout', coded('Query read timeout'), 'query-timeout', null],
    ["pg-pool's wait for a free connection", coded('timeout exceeded when trying to connect'), 'pool-exhausted', null],
    ['an ended session', coded('terminating connection due to administrator command', '57P01'), 'connection-lost', null],
  ])('%s', (_name, err, kind, table) => {
    expect(dbFaultOf(err)).toMatchObject({ kind, table });
  });

  it('names the route whose share of the pool was taken', () => {
    expect(dbFaultOf(coded(ROUTE_BUSY, undefined, { route: 'POST /api/trades/add' }))).toEqual({
      kind: 'route-busy',
      table: null,
      route: 'POST /api/trades/add',
    });
  });

  it.each([
    ['a cancel that is not a timeout', coded('canceling statement due to user request', '57014')],
    ['a unique violation', coded('duplicate key', '23505')],
    ['a bug', new TypeError('x is undefined')],
  ])('is not a fault of the database for %s', (_name, err) => {
    expect(dbFaultOf(err)).toBeNull();
  });
});

describe('outageOf', () => {
  it.each([
    [{ kind: 'lock-timeout', table: 'trades' }, 'timeout:trades', 'queries timing out on trades', true],
    [{ kind: 'statement-timeout', table: null }, 'timeout', 'queries timing out', true],
    [{ kind: 'pool-exhausted', table: null }, 'pool', 'connection pool exhausted', true],
    [{ kind: 'connection-lost', table: null }, 'database', 'The database is unreachable', true],
    [
      { kind: 'route-busy', table: null, route: 'GET /api/analytics' },
      'busy:GET /api/analytics',
      'every connection GET /api/analytics may hold is busy',
      false,
    ],
  ] as const)('%o', (fault, key, reason, unready) => {
    expect(outageOf(fault)).toEqual({ key, reason });
    expect(affectsReadiness(key)).toBe(unready);
  });
});
