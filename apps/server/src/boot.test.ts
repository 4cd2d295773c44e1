import { describe, expect, it } from 'vitest';
import { deadlinesOf } from './boot';
import { testConfig } from './env';

describe('deadlinesOf', () => {
  it('takes every database deadline from the environment, the client giving up half a second after the server', () => {
    expect(
      deadlinesOf(
        testConfig({
          DB_POOL_SIZE: 20,
          DB_ROUTE_CONNECTIONS: 4,
          DB_ACQUIRE_TIMEOUT_MS: 1500,
          DB_STATEMENT_TIMEOUT_MS: 8000,
          DB_LOCK_TIMEOUT_MS: 1000,
        }),
      ),
    ).toEqual({
      poolSize: 20,
      routeConnections: 4,
      acquireTimeoutMs: 1500,
      statementTimeoutMs: 8000,
      lockTimeoutMs: 1000,
      queryTimeoutMs: 8500,
    });
  });

  it('defaults to the values docs/operations.md gives reasons for', () => {
    expect(deadlinesOf(testConfig())).toMatchObject({
      poolSize: 10,
      routeConnections: 3,
      acquireTimeoutMs: 2000,
      statementTimeoutMs: 3000,
      lockTimeoutMs: 2000,
    });
  });
});
