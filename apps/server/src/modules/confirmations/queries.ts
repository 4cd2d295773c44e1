import type { Confirmation, ConfirmationSource } from '@roundup/shared';
import type { Db } from '../../db/client';
import { confirmationsRepo } from './repo';
import { confirmationState } from './rules';

/**
 * What the splits module asks of confirmations: each split's `confirmation` for the rows a Pro member
 * or an admin sees (the splits view decides who; a masked row never asks).
 */
export function confirmationFacts(db: Db) {
  const repo = confirmationsRepo(db);
  return {
    async forSplits(splits: readonly { _id: string; ratio: number; effDate: string }[]): Promise<Map<string, Confirmation>> {
      const rows = await repo.sightingsFor(splits.map((s) => s._id));
      const out = new Map<string, Confirmation>();
      for (const s of splits) {
        const mine = rows.filter((r) => r.splitId === s._id);
        out.set(s._id, {
          state: confirmationState(
            s,
            mine.map((r) => ({
              source: r.source as ConfirmationSource,
              ratio: r.ratio,
              marketDate: r.marketDate,
              resolved: r.resolvedAt !== null,
            })),
          ),
          sources: mine.map((r) => ({
            source: r.source as ConfirmationSource,
            seenAt: r.seenAt.toISOString(),
            ratio: r.ratio,
            marketDate: r.marketDate,
            url: r.url,
          })),
        });
      }
      return out;
    },
  };
}
