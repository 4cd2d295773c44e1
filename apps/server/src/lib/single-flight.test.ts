import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('singleFlight', () => {
  it('fifty concurrent callers of one key share one load; another key loads on its own', async () => {
    const flight = singleFlight<string, number>();
    const gate = deferred<number>();
    let loads = 0;
    const load = () => (loads++, gate.promise);
    const answers = Array.from({ length: 50 }, () => flight('full', load));
    const other = flight('starter', async () => (loads++, 7));
    gate.resolve(42);
    expect(await Promise.all(answers)).toEqual(Array(50).fill(42));
    expect(await other).toBe(7);
    expect(loads).toBe(2);
  });

  it('a settled load is not reused: the next caller loads again, after a failure too', async () => {
    const flight = singleFlight<string, number>();
    await expect(flight('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await flight('k', async () => 1)).toBe(1);
    expect(await flight('k', async () => 2)).toBe(2);
  });
});
