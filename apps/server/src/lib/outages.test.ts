import { describe, expect, it } from 'vitest';
import { outages } from './outages';

function recorded() {
  const lines: { level: string; msg: string; obj: Record<string, unknown> }[] = [];
  let t = 0;
  const o = outages(() => t, 5000);
  o.setLog({
    warn: (obj, msg) => lines.push({ level: 'warn', msg, obj }),
  });
  return { o, lines, at: (ms: number) => (t = ms) };
}

describe('outages', () => {
  it('logs one line when it starts and one when it is over, with the requests refused meanwhile', () => {
    const { o, lines, at } = recorded();
    for (let i = 0; i < 50; i += 1) {
      at(i * 100);
      o.failed('timeout:trades', 'queries timing out on trades', { table: 'trades' });
      o.refused('timeout:trades');
      o.answered(); // other tables answer meanwhile: not over while failures go on
    }
    expect(o.open().map((x) => x.reason)).toEqual(['queries timing out on trades']);
    at(4900 + 4999);
    o.answered();
    expect(o.open()).toHaveLength(1);
    at(4900 + 5000);
    o.answered();
    expect(o.open()).toEqual([]);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'queries timing out on trades: answering 503 until it is over'],
      ['warn', 'queries timing out on trades: over after 9.9 s; 50 requests refused meanwhile'],
    ]);
    expect(lines[0].obj).toMatchObject({ outage: 'timeout:trades', table: 'trades' });
    expect(lines[1].obj).toMatchObject({ refused: 50, seconds: 9.9 });
  });

  it('keeps each key apart, and counts a refusal only against an open outage', () => {
    const { o, lines, at } = recorded();
    o.refused('database');
    o.failed('database', 'The database is unreachable');
    o.failed('pool', 'connection pool exhausted');
    o.refused('database');
    at(1000);
    o.failed('pool', 'connection pool exhausted');
    at(5000);
    o.answered();
    expect(o.open().map((x) => x.key)).toEqual(['pool']);
    expect(lines.at(-1)?.msg).toBe('The database is unreachable: over after 5 s; 1 requests refused meanwhile');
    expect(lines.filter((l) => l.msg.endsWith('until it is over'))).toHaveLength(2);
  });
});
