import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { AppContext } from '../../context';
import type { EdgarClient } from '../../adapters/edgar';
import { discoveryRepo, type FilingRow } from './repo';

/** What reading the queue touches: the database, clock, config and log, and the EDGAR client (made on first use). */
export interface ReaderDeps {
  ctx: Pick<AppContext, 'database' | 'clock' | 'config' | 'log' | 'notifier'>;
  edgar: () => EdgarClient;
}

/** A document's text, from the store or fetched once and stored gzipped with its SHA-256. */
export async function documentText(
  deps: ReaderDeps,
  filing: FilingRow,
  doc: { filename: string; type: string; url: string },
): Promise<string> {
  const repo = discoveryRepo(deps.ctx.database.db);
  const stored = await repo.document(filing.accession, doc.filename);
  if (stored) {
    const body = gunzipSync(stored.bodyGz);
    if (createHash('sha256').update(body).digest('hex') !== stored.sha256)
      throw new Error(`stored ${doc.filename} does not match its SHA-256`);
    return body.toString('utf8');
  }
  const body = await deps.edgar().document(doc.url);
  await repo.saveDocument({
    accession: filing.accession,
    filename: doc.filename,
    type: doc.type,
    url: doc.url,
    sha256: createHash('sha256').update(body).digest('hex'),
    bytes: body.length,
    bodyGz: gzipSync(body),
    fetchedAt: deps.ctx.clock(),
  });
  // Invalid UTF-8 becomes U+FFFD: the classifier reads what it can.
  return body.toString('utf8');
}
