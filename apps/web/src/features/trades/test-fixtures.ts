import type { Account, Trade } from '@roundup/shared';

/** Test data for the trades feature's component tests. */
export const testAccount = (over: Partial<Account> = {}): Account => ({
  _id: 'a1',
  userId: 'u1',
  brokerId: 'b1',
  broker: 'Fidelity',
  type: 'Individual Cash',
  nickname: 'Charlie',
  tradeCount: 1,
  active: true,
  brokerRules: null,
  ...over,
});

/** A one-share buy at 1.00 on 2026-03-10, nothing else recorded. */
export const testTrade = (over: Partial<Trade> = {}): Trade => ({
  _id: 't1',
  userId: 'u1',
  splitId: 's1',
  accountId: 'a1',
  ticker: 'ACME',
  buy_date: '2026-03-10',
  buy_price: 1,
  sell_date: null,
  sell_price: null,
  outcome: 'pending',
  outcome_date: null,
  legs: [{ side: 'buy', date: '2026-03-10', quantity: 1, price: 1 }],
  shares_received: null,
  cash_in_lieu_amount: null,
  ...over,
});
