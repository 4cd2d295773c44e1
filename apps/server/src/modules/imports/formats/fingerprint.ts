import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { StatementFormatId } from '@roundup/shared';
import type { StatementRow } from './types';

/**
 * Each row's fingerprint (decision 030): the format and what the row says, plus how many identical
 * rows came before it in the file (two equal fills on one day are two rows). The same file, or a
 * later export that overlaps it, gives the same fingerprints for the same rows.
 */
export async function fingerprints(format: StatementFormatId, rows: readonly StatementRow[]): Promise<string[]> {
  const seen = new Map<string, number>();
  const out: string[] = [];
  for (const r of rows) {
    const key = [format, r.kind, r.date, r.symbol, r.quantity, r.price ?? '', r.amount ?? '', r.action].join('|');
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    out.push(createHash('sha256').update(`${key}|${n}`).digest('hex'));
    // Hashing 100,000 rows takes a while: let the thread answer now and then (imports hash on the reader's thread).
    if (out.length % HASHES_PER_TURN === 0) await nextTurn();
  }
  return out;
}

const HASHES_PER_TURN = 1_000;
