import type { NotificationDeps } from './raise-event';
import { DIGEST_KIND, digestChunk } from './weekly-digest';

/**
 * Materialises pending fan-outs, `chunkSize` users per transaction (so the embedded single-connection
 * database is never held for long); the cursor moves in the same transaction, so a crash repeats at
 * most one chunk, and the idempotency keys make that repeat a no-op. Returns the chunks processed
 * (0 = nothing pending).
 */
export async function expandFanouts(
  deps: Pick<NotificationDeps, 'repo' | 'clock'>,
  opts: { chunkSize?: number; maxChunks?: number } = {},
): Promise<number> {
  const { repo } = deps;
  const size = opts.chunkSize ?? 2000;
  let chunks = 0;
  for (let i = 0; i < (opts.maxChunks ?? 10); i += 1) {
    const step = await repo.transaction(async (tx) => {
      const now = deps.clock();
      const ev = await repo.lockPendingFanout(tx, now);
      if (!ev) return null;
      const upTo = await repo.chunkEnd(tx, ev.cursor, size);
      const range = upTo ? { after: ev.cursor, upTo } : null;
      const common = { eventId: ev.id, eventKey: ev.key, now };
      let n = 0;
      // The weekly digest's message is made per member (weekly-digest.ts); the others are one message for all.
      if (range && ev.kind === DIGEST_KIND) n = await digestChunk(repo, tx, { ...common, range, today: String(ev.payload.date) });
      else if (range) n = await repo.fanOut(tx, { ...common, kind: ev.kind, proOnlyAudience: ev.pro_only, range });
      await repo.advanceFanout(tx, ev.id, upTo, now);
      return n;
    });
    if (step === null) break;
    chunks += 1;
  }
  return chunks;
}
