import { relation } from '../../db/relation';
import { schema } from '../../db/client';

const s = schema.reverseSplits;

/** Splits as other modules' SQL reads them (see db/relation.ts): no admin notes or sources. */
export const splitsRelation = relation(s, [
  s.id,
  s.name,
  s.ticker,
  s.ratio,
  s.buyDate,
  s.effDate,
  s.price,
  s.estProfit,
  s.status,
  s.archivedAt,
]);
