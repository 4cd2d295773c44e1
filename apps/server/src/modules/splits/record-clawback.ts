import type { AddClawbackRequest, IssuerClawback } from '@roundup/shared';
import { notFound } from '../../http/app-error';
import { recordAudit } from '../audit/service';
import { clawbacksRepo } from './clawbacks-repo';
import type { SplitsDeps } from './deps';
import { splitsRepo } from './repo';

/**
 * Admin: record that an issuer refused, reversed or litigated round-up shares, with the link that
 * shows it (decision 045). Every split of the issuer then says so in its risk; the change signal goes
 * out in the same transaction, so cached lists are rebuilt with it.
 */
export async function recordClawback(
  deps: Pick<SplitsDeps, 'db' | 'live'>,
  input: { clawback: AddClawbackRequest; actorId: string | null },
): Promise<IssuerClawback> {
  const { result, changeId } = await splitsRepo(deps.db).inTransaction(async (tx) => {
    const saved = await clawbacksRepo(tx).add(input.clawback, input.actorId);
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'clawback.add',
      targetType: 'clawback',
      targetId: saved._id,
      details: { name: saved.name, ticker: saved.ticker, kind: saved.kind, date: saved.date },
    });
    return saved;
  });
  deps.live.emitLocal(changeId);
  return result;
}

/** Admin: remove a record made in error (404 when it is not there). */
export async function removeClawback(
  deps: Pick<SplitsDeps, 'db' | 'live'>,
  input: { id: string; actorId: string | null },
): Promise<{ id: string }> {
  const { result, changeId } = await splitsRepo(deps.db).inTransaction(async (tx) => {
    if (!(await clawbacksRepo(tx).remove(input.id))) throw notFound('Clawback record not found');
    await recordAudit(tx, { actorId: input.actorId, action: 'clawback.delete', targetType: 'clawback', targetId: input.id });
    return { id: input.id };
  });
  deps.live.emitLocal(changeId);
  return result;
}
