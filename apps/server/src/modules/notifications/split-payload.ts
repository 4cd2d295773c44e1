import type { Db } from '../../db/client';
import { confirmationFacts } from '../confirmations/queries';

/**
 * The splits as an alert tells them: their rows, and what a second source says at the moment the alert
 * is raised (every alert shows the confirmation state beside the call).
 */
export async function withConfirmation<T extends Record<string, unknown>>(
  db: Db,
  splits: readonly T[],
): Promise<Array<T & { confirmation?: string }>> {
  if (splits.length === 0) return [];
  const facts = await confirmationFacts(db).forSplits(
    splits.map((s) => ({ _id: String(s.splitId), ratio: Number(s.ratio), effDate: String(s.effDate) })),
  );
  return splits.map((s) => ({ ...s, confirmation: facts.get(String(s.splitId))?.state }));
}
