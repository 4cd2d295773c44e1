import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { StatementFormatId } from '@roundup/shared';
import type { ReadOutcome, SplitLookup } from './read-and-match';
import type { LookupAnswer, ReaderTask } from './statement-reader';

/** Run from TypeScript (tests, `npm run dev`) the reader's thread loads its source through tsx; the bundle ships it built. */
const fromSource = import.meta.url.endsWith('.ts');
const READER_FILE = new URL(fromSource ? './statement-reader.ts' : './statement-reader.js', import.meta.url).href;

export interface StatementReader {
  /** Reads and matches a statement on the reader's thread; `lookup` runs on this one. */
  read(input: { text: string; format?: StatementFormatId; maxLines?: number }, lookup: SplitLookup): Promise<ReadOutcome>;
  close(): Promise<void>;
}

/**
 * The statement readers (decision 042): a piscina pool of worker threads, started on the first import and
 * built once per app (services.ts). Reading and matching a 5 MB statement is seconds of CPU; on a thread of
 * its own it never holds a request, `/api/health` included. One thread per spare core (one on two cores,
 * leaving the other to the requests); further imports wait their turn.
 */
export function statementReader(threads = Math.max(1, Math.min(2, availableParallelism() - 1))): StatementReader {
  let pool: Piscina | null = null;
  const start = () =>
    (pool ??= new Piscina({
      filename: READER_FILE,
      minThreads: 0,
      maxThreads: threads,
      // A thread left idle a minute ends; the next import starts one again.
      idleTimeout: 60_000,
      execArgv: fromSource ? ['--import', 'tsx'] : [],
    }));
  return {
    async read(input, lookup) {
      const { port1, port2 } = new MessageChannel();
      let failed: unknown = null;
      port1.on('message', (tickers: string[]) => {
        lookup(tickers).then(
          (splits) => port1.postMessage({ splits } satisfies LookupAnswer),
          (err: unknown) => {
            failed = err;
            port1.postMessage({ error: 'the splits could not be read' } satisfies LookupAnswer);
          },
        );
      });
      try {
        const task: ReaderTask = { ...input, port: port2 };
        return (await start().run(task, { transferList: [port2] })) as ReadOutcome;
      } catch (err) {
        // A database error while looking up splits is raised as itself (a retry, not a refusal).
        throw failed ?? err;
      } finally {
        port1.close();
      }
    },
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}
