import { z } from 'zod';

/** One To do line of A split, a broker, how many of the member's accounts. */
const reconcileItem = z.object({
  splitId: z.string(),
  ticker: z.string(),
  broker: z.string(),
  accounts: z.number().int(),
});

/** GET /api/trades/reconcile: the caller's own accounts that need a look (decision 027). */
export const reconcileSchema = z.object({
  /** Bought, still pending past the market date plus the broker's median days (else 5). */
  overdue: z.array(reconcileItem.extend({ dueDate: z.string() })),
  /** Cash in lieu on a split that rounded up, effective in the last 60 days: the broker may owe a share. */
  mayBeOwed: z.array(reconcileItem),
});
export type Reconcile = z.infer<typeof reconcileSchema>;
