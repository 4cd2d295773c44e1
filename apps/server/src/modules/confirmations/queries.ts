import type { Confirmation, ConfirmationSource, PostSplit } from '@roundup/shared';
import type { Db } from '../../db/client';
import { confirmationsRepo } from './repo';
import { confirmationState } from './rules';
import { postSplitOf } from '../splits/rules';

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
            newSymbol: r.newSymbol,
            cusip: r.cusip,
          })),
        });
      }
      return out;
    },
    /** The splits a list names under one of these symbols after the split (a new ticker or the new CUSIP). */
    async listedAs(symbols: readonly string[]): Promise<string[]> {
      return repo.splitsListedAs(symbols);
    },
    /** The symbol to sell after each split (sell reminders, statement import): null when no list names one. */
    async postSplitFor(splits: readonly { id: string; ticker: string }[]): Promise<Map<string, PostSplit | null>> {
      const rows = await repo.sightingsFor([...new Set(splits.map((s) => s.id))]);
      return new Map(
        splits.map((s) => [
          s.id,
          postSplitOf(
            s.ticker,
            rows.filter((r) => r.splitId === s.id),
          ),
        ]),
      );
    },
  };
}
