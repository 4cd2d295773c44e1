import { describe, expect, it } from 'vitest';
import type { Principal } from './auth';
import { sessionCache } from './session-cache';

const principal = (userId: string, sessionId = 's1') => ({ user: { id: userId }, sessionId }) as unknown as Principal;

describe('session cache', () => {
  it.each([
    [0, true],
    [999, true],
    [1000, false],
    [5000, false],
  ])('an entry read %i ms after caching with a 1000 ms TTL is there: %s', (later, there) => {
    const c = sessionCache(1000);
    c.set('h', principal('u1'), 10_000);
    expect(c.get('h', 10_000 + later) !== undefined).toBe(there);
  });

  it('forgets every session of a user on invalidateUser, and only those', () => {
    const c = sessionCache(1000);
    c.set('a', principal('u1', 's1'), 0);
    c.set('b', principal('u1', 's2'), 0);
    c.set('c', principal('u2', 's3'), 0);
    c.invalidateUser('u1');
    expect([c.get('a', 1), c.get('b', 1), c.get('c', 1)?.sessionId]).toEqual([undefined, undefined, 's3']);
  });

  it('counts invalidations, so a lookup begun before one can tell its answer is stale', () => {
    const c = sessionCache(1000);
    const before = c.epoch;
    c.invalidateUser('u1');
    c.invalidateUser('u2');
    expect(c.epoch).toBe(before + 2);
  });

  it('keeps nothing with a TTL of 0', () => {
    const c = sessionCache(0);
    c.set('a', principal('u1'), 0);
    expect(c.get('a', 0)).toBeUndefined();
  });
});
