import { createHash } from 'node:crypto';
import type { StatementFormatId } from '@roundup/shared';
import type { StatementRow } from './types';

/**
 * Each row's fingerprint (decision 030): the format and what the row says, plus how many identical
 * rows came before it in the file (two equal fills on one day are two rows). The same file, or a
 * later export that overlaps it, gives the same fingerprints for the same rows.
 */
export function fingerprints(format: StatementFormatId, rows: readonly StatementRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const key = [format, r.kind, r.date, r.symbol, r.quantity, r.price ?? '', r.amount ?? '', r.action].join('|');
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return createHash('sha256').update(`${key}|${n}`).digest('hex');
  });
}
