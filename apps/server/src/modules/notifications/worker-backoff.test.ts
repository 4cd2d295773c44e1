import { describe, expect, it } from 'vitest';
import { startWorker } from './worker';

/** The worker against a database that fails for a while: one line when it starts failing, one when it works again. */
describe('notification worker during an outage', () => {
  it('logs once per outage and backs off between polls, then works again', async () => {
    const lines: { level: string; msg: string }[] = [];
    const log = {
      error: (_o: unknown, msg: string) => lines.push({ level: 'error', msg }),
      warn: (_o: unknown, msg: string) => lines.push({ level: 'warn', msg }),
    };
    const pollsAt: number[] = [];
    let failing = 6;
    let recovered!: () => void;
    const back = new Promise<void>((r) => (recovered = r));
    const worker = startWorker(
      { log } as never,
      {
        runSchedules: async () => [],
        deliverBatch: async () => {
          pollsAt.push(performance.now());
          if (failing > 0) {
            failing -= 1;
            throw new Error('Connection terminated unexpectedly');
          }
          recovered();
          return 0;
        },
      },
      { pollMs: 2, scheduleEveryMs: 0 },
    );
    await back;
    await worker.stop();
    expect(lines.map((l) => l.level)).toEqual(['error', 'warn']);
    expect(lines[0].msg).toMatch(/^notification worker error; retrying every 2 ms, backing off to 10 s/);
    expect(lines[1].msg).toMatch(/^notification worker working again after 6 failed polls/);
    // Each pause at least doubles the one before (2, 4, 8, 16, 32 ms), never a fixed 2 ms loop.
    const pauses = pollsAt.slice(1, 7).map((t, i) => t - pollsAt[i]);
    expect(pauses[5]).toBeGreaterThanOrEqual(32 - 1);
  });
});
