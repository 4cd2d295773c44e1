import { describe, expect, it } from 'vitest';
import { waitSlots } from './wait-slots';

describe('waitSlots', () => {
  it('grants up to its size at once, then hands a released slot to the next waiter', async () => {
    const s = waitSlots(2);
    const a = await s.take(1000);
    const b = await s.take(1000);
    expect([a, b].every(Boolean)).toBe(true);
    const c = s.take(60_000);
    a!();
    a!(); // a second release of the same slot gives nothing back twice
    const got = await c;
    expect(got).not.toBeNull();
    expect(s.used).toBe(2);
    b!();
    got!();
    expect(s.used).toBe(0);
  });

  it('keeps a waiter while the queue moves, and lets it go when no slot came free for the stall time', async () => {
    let t = 0;
    const s = waitSlots(1, () => t);
    const a = await s.take(0);
    const waiter = s.take(20, 60_000);
    // A slot comes free before the stall time: the queue moves, so a later waiter is kept past its first 20 ms.
    t = 15;
    const again = s.take(20, 60_000);
    a!();
    const got = await waiter;
    expect(got).not.toBeNull();
    t = 100; // nothing released since 15: the second waiter is let go at its next check
    expect(await again).toBeNull();
    got!();
    expect(s.used).toBe(0);
  });

  it('answers null to a waiter when no slot comes free in time, and skips it afterwards', async () => {
    const s = waitSlots(1);
    const a = await s.take(0);
    expect(await s.take(1)).toBeNull();
    a!();
    expect(s.used).toBe(0);
    expect(await s.take(0)).not.toBeNull();
  });
});
