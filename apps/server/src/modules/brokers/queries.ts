import { relation } from '../../db/relation';
import { schema } from '../../db/client';

const b = schema.brokers;

/** Brokers as other modules' SQL reads them (see db/relation.ts). */
export const brokersRelation = relation(b, [b.id, b.name, b.shareReturnTime, b.disabled]);
