import type { FeedbackItem } from '@roundup/shared';
import type { AppContext } from '../../context';
import { feedbackRepo } from './repo';

/** Feedback from the floating popover (product.md#screens) and the admin list. */
export function feedbackService(ctx: AppContext) {
  const repo = feedbackRepo(ctx.database.db);
  return {
    create: (input: { email: string; feedback: string }, userId: string | null) => repo.insert({ ...input, userId }),
    async list(): Promise<FeedbackItem[]> {
      const rows = await repo.latest(1000);
      return rows.map((r) => ({ _id: r.id, email: r.email, feedback: r.feedback, createdDate: r.createdDate.toISOString() }));
    },
  };
}
