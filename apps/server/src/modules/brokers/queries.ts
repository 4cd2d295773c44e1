import { asc, eq, inArray } from 'drizzle-orm';
import type { BrokerOption, BrokerRules, RoundUpStatus } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { relation } from '../../db/relation';

const b = schema.brokers;

/** Brokers as other modules' SQL reads them (see db/relation.ts). */
export const brokersRelation = relation(b, [b.id, b.name, b.shareReturnTime, b.disabled]);

/** What other modules (accounts) ask of the broker directory, in the caller's `db` or transaction. */
export function brokerFacts(db: Db) {
  return {
    async byId(id: string): Promise<{ id: string; name: string; disabled: boolean } | null> {
      const [row] = await db.select({ id: b.id, name: b.name, disabled: b.disabled }).from(b).where(eq(b.id, id)).limit(1);
      return row ?? null;
    },
    /** Each broker's rules (minimum order, day-one delivery, round-up status, fraction, new accounts, fee), by id. */
    async rules(ids: readonly string[]): Promise<Map<string, BrokerRules>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: b.id,
          minimumOrder: b.minimumOrder,
          dayOneDelivery: b.dayOneDelivery,
          roundUpStatus: b.roundUpStatus,
          roundUpStatusDate: b.roundUpStatusDate,
          roundUpStatusSource: b.roundUpStatusSource,
          returnsFraction: b.returnsFraction,
          newAccountRestriction: b.newAccountRestriction,
          reorgFeeCents: b.reorgFeeCents,
        })
        .from(b)
        .where(inArray(b.id, [...new Set(ids)]));
      return new Map(rows.map(({ id, ...r }) => [id, { ...r, roundUpStatus: r.roundUpStatus as RoundUpStatus | null }]));
    },
    /** The brokers a member may pick for an account: enabled ones, by name. */
    async options(): Promise<BrokerOption[]> {
      const rows = await db
        .select({ id: b.id, name: b.name, shareReturnTime: b.shareReturnTime })
        .from(b)
        .where(eq(b.disabled, false))
        .orderBy(asc(b.name));
      return rows.map((r) => ({ _id: r.id, name: r.name, shareReturnTime: r.shareReturnTime }));
    },
  };
}
