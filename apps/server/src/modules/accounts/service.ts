import type { Account, AccountFields, MyAccountsResponse } from '@roundup/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/retry';
import { badRequest, notFound } from '../../http/app-error';
import { groupAccountIds } from './list-groups';
import { accountsRepo } from './repo';
import { checkReorder, positionsFor } from './rules';

export const ACCOUNT_NOT_FOUND = 'Account not found';

/** Brokerage accounts: only the owner's, in the owner's order (product.md#screens Settings → Accounts). */
export function accountsService(ctx: AppContext) {
  const repo = accountsRepo(ctx.database.db, ctx.upward);

  /** The broker must be on the broker list and not disabled (an account may keep its current one). */
  async function brokerFor(brokerId: string, current: string | null = null) {
    const broker = await repo.broker(brokerId);
    if (!broker || (broker.disabled && broker.id !== current)) throw badRequest('Choose a broker from the list');
    return broker;
  }

  return {
    async mine(userId: string): Promise<MyAccountsResponse> {
      const [accounts, brokers] = await Promise.all([repo.listMine(userId), repo.brokerOptions()]);
      return { accounts, brokers };
    },
    list: (userId: string): Promise<Account[]> => repo.listMine(userId),
    /** Which of `ids` are the member's, with nickname and broker (for messages naming an account). */
    async labels(userId: string, ids: readonly string[]): Promise<Map<string, { nickname: string; broker: string }>> {
      return new Map((await repo.ownedLabels(userId, ids)).map((r) => [r.id, { nickname: r.nickname, broker: r.broker }]));
    },
    activeCount: (userId: string): Promise<number> => repo.activeCount(userId),
    /** The member's active accounts at brokers marked to avoid (the To do leaves them out). */
    activeAvoidIds: (userId: string): Promise<string[]> => repo.activeAvoidIds(userId),
    async add(userId: string, input: AccountFields): Promise<Account[]> {
      const broker = await brokerFor(input.brokerId);
      await withRetry(() =>
        repo.insert({ userId, brokerId: broker.id, broker: broker.name, type: input.type, nickname: input.nickname }),
      );
      return repo.listMine(userId);
    },
    async edit(userId: string, input: AccountFields & { _id: string; active?: boolean }): Promise<Account[]> {
      const existing = await repo.findOwned(userId, input._id);
      if (!existing) throw notFound(ACCOUNT_NOT_FOUND);
      const broker = await brokerFor(input.brokerId, existing.brokerId);
      await repo.update(userId, input._id, {
        brokerId: broker.id,
        broker: broker.name,
        type: input.type,
        nickname: input.nickname,
        ...(input.active === undefined ? {} : { active: input.active }),
      });
      return repo.listMine(userId);
    },
    async remove(userId: string, id: string): Promise<Account[]> {
      const existing = await repo.findOwned(userId, id);
      if (!existing) throw notFound(ACCOUNT_NOT_FOUND);
      await withRetry(() => repo.remove(userId, id));
      return repo.listMine(userId);
    },
    async reorder(userId: string, ids: string[]): Promise<Account[]> {
      const problem = checkReorder(await repo.ownedIds(userId), ids);
      if (problem) throw badRequest(problem);
      await repo.reorder(userId, positionsFor(ids));
      return repo.listMine(userId);
    },
    /** The caller's account, or 404 (someone else's id answers 404). */
    async requireOwned(userId: string, id: string) {
      const row = await repo.findOwned(userId, id);
      if (!row) throw notFound(ACCOUNT_NOT_FOUND);
      return row;
    },
  };
}
export type AccountsService = ReturnType<typeof accountsService>;

/**
 * What other modules ask of a member's account groups, in the caller's `db`: a use
 * case (another member's group is a 404), so it is published here rather than in queries.ts.
 */
export function accountGroupFacts(db: Db) {
  return {
    /** The group's accounts in its order; 404 when it is not the member's group. */
    accountIds: (userId: string, groupId: string) => groupAccountIds({ db }, { userId, groupId }),
  };
}
