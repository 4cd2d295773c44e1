import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import type { SplitView } from '@roundup/shared';
import { describe, expect, it } from 'vitest';
import { listEnvelopeCache } from './list-envelope';
import type { SplitsLive } from './live';

/** A change signal as the live stream gives it: a version that grows, and listeners told of each change. */
function fakeLive() {
  const listeners: Array<() => void> = [];
  const live = {
    version: 0,
    onChange: (fn: () => void) => (listeners.push(fn), () => undefined),
    change() {
      live.version += 1;
      for (const fn of listeners) fn();
    },
  };
  return live;
}

function setup() {
  const live = fakeLive();
  let ticker = 'AAA';
  let builds = 0;
  let release: () => void = () => undefined;
  let gate: Promise<void> | null = null;
  const envelope = listEnvelopeCache({
    live: live as unknown as SplitsLive,
    today: () => '2026-11-26',
    variant: () => 'full',
    list: async () => {
      builds += 1;
      const seen = ticker;
      if (gate) await gate;
      return [{ ticker: seen } as unknown as SplitView];
    },
  });
  const hold = () => (gate = new Promise<void>((r) => (release = () => ((gate = null), r()))));
  const tickers = (b: { json: Buffer }) => JSON.parse(b.json.toString()).data.splits.map((s: { ticker: string }) => s.ticker);
  return {
    live,
    envelope,
    hold,
    release: () => release(),
    setTicker: (t: string) => (ticker = t),
    builds: () => builds,
    tickers,
  };
}

describe('GET /api/rs envelope cache', () => {
  it('fifty requests that miss together build the list once, and all get the same bytes in every encoding', async () => {
    const t = setup();
    t.hold();
    const answers = Array.from({ length: 50 }, () => t.envelope('Pro'));
    t.release();
    const bodies = await Promise.all(answers);
    expect(t.builds()).toBe(1);
    expect(new Set(bodies).size).toBe(1);
    expect(gunzipSync(bodies[0].gzip)).toEqual(bodies[0].json);
    expect(brotliDecompressSync(bodies[0].br)).toEqual(bodies[0].json);
    await t.envelope('Pro');
    expect(t.builds()).toBe(1);
  });

  it('a request that comes after a change never gets the list built before it, even while that build runs', async () => {
    const t = setup();
    t.hold();
    const before = t.envelope('Pro');
    t.setTicker('BBB');
    t.live.change();
    const after = t.envelope('Pro');
    t.release();
    expect(t.tickers(await before)).toEqual(['AAA']);
    expect(t.tickers(await after)).toEqual(['BBB']);
    // The build that raced the change was not cached: the next request reads the new list.
    expect(t.tickers(await t.envelope('Pro'))).toEqual(['BBB']);
  });
});
