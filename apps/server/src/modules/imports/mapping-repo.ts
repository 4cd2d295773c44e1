import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

const m = schema.importAccountMaps;

/** A broker account's last characters as the preview shows them ("…1234"), as stored ("1234"). */
const last4Of = (brokerAccount: string) => brokerAccount.replace(/^…/, '').slice(-4);

/**
 * Which RoundUp account each broker account of a file of several goes into (import_account_maps belongs
 * to this module), per member and broker; null: the member skips it.
 */
export function accountMapsRepo(db: Db) {
  return {
    /** The remembered mapping of these broker accounts ("…1234"), by broker account. */
    async remembered(userId: string, broker: string, brokerAccounts: readonly string[]): Promise<Map<string, string | null>> {
      if (brokerAccounts.length === 0) return new Map();
      const byLast4 = new Map(brokerAccounts.map((b) => [last4Of(b), b]));
      const rows = await db
        .select({ last4: m.last4, accountId: m.accountId })
        .from(m)
        .where(and(eq(m.userId, userId), eq(m.broker, broker), inArray(m.last4, [...byLast4.keys()])));
      return new Map(rows.map((r) => [byLast4.get(r.last4)!, r.accountId]));
    },
    /** Remembers the mapping (the latest apply wins; two tabs at once: one row each, the later one's). */
    async remember(
      userId: string,
      broker: string,
      entries: readonly { brokerAccount: string; accountId: string | null }[],
    ): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insert(m)
        .values(entries.map((e) => ({ userId, broker, last4: last4Of(e.brokerAccount), accountId: e.accountId })))
        .onConflictDoUpdate({
          target: [m.userId, m.broker, m.last4],
          set: { accountId: sql`excluded.account_id`, updatedAt: sql`now()` },
        });
    },
  };
}
