import { relation } from '../../db/relation';
import { schema } from '../../db/client';

const a = schema.accounts;

/** Members' accounts as other modules' SQL reads them (see db/relation.ts). */
export const accountsRelation = relation(a, [a.id, a.userId, a.brokerId, a.broker, a.nickname, a.type, a.position, a.active]);
