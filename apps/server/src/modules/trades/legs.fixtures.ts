import type { TradeLeg } from '@roundup/shared';

/** Legs as the rules' tables write them: a buy or a sell of whole shares, dated the split's buy day unless said. */
export const buy = (quantity: number, price: number | null, date: string | null = '2026-03-02'): TradeLeg => ({
  side: 'buy',
  date,
  quantity,
  price,
});
export const sell = (quantity: number, price: number | null, date: string | null = '2026-03-02'): TradeLeg => ({
  side: 'sell',
  date,
  quantity,
  price,
});
