import type { Account, AddAccountsRequest } from '@roundup/shared';
import type { UpwardReads } from '../../context';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/retry';
import { badRequest } from '../../http/app-error';
import { brokerFacts } from '../brokers/queries';
import { accountsRepo } from './repo';

/**
 * POST /api/accounts/add-many: several accounts at one broker, of one type, named
 * by the list, at the end of the member's list in its order; all or nothing. Sending the same list
 * twice adds nothing the second time. Answers all the member's accounts.
 */
export interface AddAccountsDeps {
  db: Db;
  upward: Pick<UpwardReads, 'tradeCountsByAccount'>;
}

export async function addAccounts(deps: AddAccountsDeps, input: AddAccountsRequest & { userId: string }): Promise<Account[]> {
  const broker = await brokerFacts(deps.db).byId(input.brokerId);
  if (!broker || broker.disabled) throw badRequest('Choose a broker from the list');
  const repo = accountsRepo(deps.db, deps.upward);
  await withRetry(() =>
    repo.insertMany({ userId: input.userId, brokerId: broker.id, broker: broker.name, type: input.type }, input.nicknames),
  );
  return repo.listMine(input.userId);
}
