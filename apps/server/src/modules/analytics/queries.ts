import { schema } from '../../db/client';
import { relation } from '../../db/relation';

const o = schema.tradeOpenPositions;

/**
 * Members' open positions (bought, not closed: migration 0021), as other modules' SQL reads them
 * (the trades module's progress); the totals triggers keep the table (decision 008, 023).
 */
export const openPositionsRelation = relation(o, [o.tradeId, o.userId]);
