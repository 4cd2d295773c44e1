import { z } from 'zod';

// Counts over a member's or a split's trades: the admin's split stats and the member's progress.

/** Admin: what members recorded for one split (beyond the spec). */
export const splitMemberStats = z.object({
  splitId: z.string(),
  /** Closed trades (bought and sold) behind the average. */
  trades: z.number().int(),
  members: z.number().int(),
  /** Average realized profit per account in dollars (two decimals), null with no trades. */
  avgProfit: z.number().nullable(),
  /** Members' accounts on this split by recorded outcome: whether the round-up call held. */
  outcomes: z.object({
    accounts: z.number().int(),
    recorded: z.number().int(),
    shareReceived: z.number().int(),
    cashInLieu: z.number().int(),
    noCredit: z.number().int(),
    fractionKept: z.number().int(),
    clawedBack: z.number().int(),
  }),
});
export type SplitMemberStats = z.infer<typeof splitMemberStats>;

/** GET /api/trades/progress: where the member stands on each split they traded. */
export const splitProgress = z.object({
  splitId: z.string(),
  /** Accounts with a recorded buy. */
  bought: z.number().int(),
  /** Accounts whose whole share arrived. */
  received: z.number().int(),
  /** Accounts with a recorded sale. */
  sold: z.number().int(),
  /** Accounts whose share arrived and is not sold yet. */
  receivedUnsold: z.number().int(),
  /** Of `bought`, buys in active accounts at brokers marked to avoid (the To do leaves those accounts out). */
  boughtAvoided: z.number().int().optional(),
});
export type SplitProgress = z.infer<typeof splitProgress>;
export const tradeProgress = z.object({
  /** The member's active accounts: what "of N" counts. */
  accounts: z.number().int(),
  /** Of `accounts`, those at brokers marked to avoid (they block or do not honour round-ups). */
  avoided: z.number().int().optional(),
  progress: z.array(splitProgress),
});
export type TradeProgress = z.infer<typeof tradeProgress>;
