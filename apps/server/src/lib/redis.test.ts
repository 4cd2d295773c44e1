import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { REDIS_CONFIRM_PINGS, redisLink } from './redis';

/** A stand-in for the ioredis client: its connection status, and pings that answer as told. */
function fakeClient(pingAnswers: boolean[]) {
  const client = Object.assign(new EventEmitter(), {
    status: 'ready',
    pings: 0,
    ping() {
      const ok = pingAnswers[client.pings] ?? true;
      client.pings += 1;
      return ok ? Promise.resolve('PONG') : Promise.reject(new Error('Command timed out'));
    },
  });
  return client;
}
function logged() {
  const lines: string[] = [];
  return { lines, log: { warn: (_: object, msg: string) => lines.push(msg), info: (msg: string) => lines.push(msg) } };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('redisLink: when a failed command means Redis is down', () => {
  it('keeps using Redis, silently, when a command timed out but the next ping answers (a busy process, not an outage)', async () => {
    const client = fakeClient([true]);
    const { lines, log } = logged();
    const link = redisLink(client as unknown as Redis, log);
    link.failed(new Error('Command timed out'));
    await settle();
    expect(link.state()).toBe('ok');
    expect(link.usable()).toBe(true);
    expect(lines).toEqual([]);
  });

  it('keeps using Redis when one of the confirming pings answers', async () => {
    const client = fakeClient([false, true]);
    const { lines, log } = logged();
    const link = redisLink(client as unknown as Redis, log);
    link.failed(new Error('Command timed out'));
    await settle();
    expect(link.state()).toBe('ok');
    expect(client.pings).toBe(2);
    expect(lines).toEqual([]);
  });

  it(`goes down, and says so once, when Redis answers none of ${REDIS_CONFIRM_PINGS} pings on an open connection`, async () => {
    const client = fakeClient(Array(REDIS_CONFIRM_PINGS).fill(false));
    const { lines, log } = logged();
    const link = redisLink(client as unknown as Redis, log);
    link.failed(new Error('Command timed out'));
    link.failed(new Error('Command timed out'));
    await settle();
    expect(link.state()).toBe('unreachable');
    expect(link.usable()).toBe(false);
    expect(client.pings).toBe(REDIS_CONFIRM_PINGS);
    expect(lines).toEqual([expect.stringMatching(/^Redis unreachable/)]);
  });

  it('goes down at once when the connection itself is gone, and says once that it is back', async () => {
    const client = fakeClient([]);
    const { lines, log } = logged();
    const link = redisLink(client as unknown as Redis, log);
    client.status = 'reconnecting';
    link.failed(new Error('Connection is closed.'));
    client.emit('reconnecting');
    expect(link.state()).toBe('unreachable');
    expect(client.pings).toBe(0);
    client.status = 'ready';
    client.emit('ready');
    expect(link.state()).toBe('ok');
    expect(lines).toEqual([expect.stringMatching(/^Redis unreachable/), expect.stringMatching(/^Redis is back/)]);
  });
});
