import { relation } from '../../db/relation';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { groupAccountIds } from './list-groups';

const a = schema.accounts;

/** Members' accounts as other modules' SQL reads them (see db/relation.ts). */
export const accountsRelation = relation(a, [a.id, a.userId, a.brokerId, a.broker, a.nickname, a.type, a.position, a.active]);

/** What other modules ask of a member's account groups (issue 26 §4), in the caller's `db`. */
export function accountGroupFacts(db: Db) {
  return {
    /** The group's accounts in its order; 404 when it is not the member's group. */
    accountIds: (userId: string, groupId: string) => groupAccountIds({ db }, { userId, groupId }),
  };
}
