import { EdgarHttpError } from '../../adapters/edgar';
import { edgarFilings } from '../../lib/metrics';
import type { ReaderDeps } from './filing-document';
import { CYCLE_LEASE_MS, retryDelayMs } from './lifecycle-rules';
import { processFiling } from './process-filing';
import { discoveryRepo, type FilingRow } from './repo';
import { errorText } from './view';

export type { ReaderDeps } from './filing-document';

/** A filing being fetched is leased this long (a crash frees it for the next cycle). */
const FILING_LEASE_MS = 5 * 60_000;
const BATCH = 10;

/**
 * Reading the queue: each filing's index, primary document and EX-99 exhibits (each fetched once,
 * stored gzipped with its SHA-256), classified, and proposed or skipped with the filing's state in
 * the same transaction. Batches of claimed filings until none is left; a cycle's slot lease is extended
 * after each batch.
 */
export async function processQueued(
  deps: ReaderDeps,
  input: { slot: string | null },
): Promise<{ processed: number; proposals: number }> {
  const { ctx } = deps;
  const { slot } = input;
  const repo = discoveryRepo(ctx.database.db);
  let processed = 0;
  let proposals = 0;
  for (;;) {
    const batch = await repo.claimFilings(ctx.clock(), BATCH, FILING_LEASE_MS);
    if (batch.length === 0) return { processed, proposals };
    for (const filing of batch) {
      try {
        const result = await processFiling(deps, { filing });
        edgarFilings.inc({ result });
        if (result === 'proposed') proposals += 1;
      } catch (err) {
        await failed(ctx, filing, err);
      }
      processed += 1;
    }
    if (slot) await repo.extendLease(slot, CYCLE_LEASE_MS);
  }
}

/** A fetch or parse failure: permanent ones (404, too large) skip the filing; others retry later, then give up. */
async function failed(ctx: ReaderDeps['ctx'], filing: FilingRow, err: unknown) {
  const repo = discoveryRepo(ctx.database.db);
  const message = errorText(err);
  const permanent = err instanceof EdgarHttpError && (err.status === 404 || /cap/.test(err.message));
  const delay = permanent ? null : retryDelayMs(filing.attempts);
  ctx.log.warn({ accession: filing.accession, attempts: filing.attempts, err: message }, 'EDGAR filing not processed');
  edgarFilings.inc({ result: delay === null ? (permanent ? 'skipped' : 'failed') : 'retry' });
  if (delay === null)
    await repo.markFiling(filing.accession, {
      status: permanent ? 'skipped' : 'failed',
      error: message,
      processedAt: ctx.clock(),
    });
  else
    await repo.markFiling(filing.accession, {
      status: 'queued',
      error: message,
      nextAttemptAt: new Date(ctx.clock().getTime() + delay),
    });
}
