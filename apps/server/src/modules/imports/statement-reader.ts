import type { MessagePort } from 'node:worker_threads';
import type { StatementFormatId } from '@roundup/shared';
import type { CandidateSplit } from './match-rules';
import { readAndMatch, type ReadOutcome } from './read-and-match';

/** What the request's thread sends: the file, and a port to ask it for the splits of the file's tickers. */
export interface ReaderTask {
  text: string;
  format?: StatementFormatId;
  maxLines?: number;
  port: MessagePort;
}

/** An answer on the port: the splits, or why the lookup failed. */
export type LookupAnswer = { splits: CandidateSplit[] } | { error: string };

/**
 * The statement reader's thread (a piscina worker, decision 042): reads and matches one statement. The
 * database lives with the request's thread (the embedded one runs inside it), so the splits of the file's
 * tickers are asked for over the task's port.
 */
export default async function readInWorker({ port, ...input }: ReaderTask): Promise<ReadOutcome> {
  try {
    return await readAndMatch(
      input,
      (tickers) =>
        new Promise((resolve, reject) => {
          port.once('message', (a: LookupAnswer) => ('error' in a ? reject(new Error(a.error)) : resolve(a.splits)));
          port.postMessage(tickers);
        }),
    );
  } finally {
    port.close();
  }
}
