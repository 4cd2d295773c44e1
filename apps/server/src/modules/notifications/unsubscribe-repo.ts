import { eq } from 'drizzle-orm';
import type { Notifications } from '@roundup/shared';
import type { Db } from '../../db/client';
import { unsubscribeUses } from '../../db/schema';

/** The unsubscribe links that were used (decision 039), in the caller's `db` or transaction. */
export function unsubscribeUsesRepo(db: Db) {
  return {
    /** Records the link as used; false when it was used before (a replay, or the other of two clicks). */
    async spend(linkId: string, userId: string, pref: keyof Notifications): Promise<boolean> {
      const rows = await db
        .insert(unsubscribeUses)
        .values({ linkId, userId, pref })
        .onConflictDoNothing()
        .returning({ linkId: unsubscribeUses.linkId });
      return rows.length > 0;
    },
    async wasUsed(linkId: string): Promise<boolean> {
      const [row] = await db
        .select({ linkId: unsubscribeUses.linkId })
        .from(unsubscribeUses)
        .where(eq(unsubscribeUses.linkId, linkId))
        .limit(1);
      return Boolean(row);
    },
  };
}
