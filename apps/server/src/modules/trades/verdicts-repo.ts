import { sql, type SQL } from 'drizzle-orm';
import { VERDICT_THRESHOLD, type SplitVerdict } from '@roundup/shared';
import type { Db } from '../../db/client';
import { accountsRelation } from '../accounts/queries';
import { brokersRelation } from '../brokers/queries';
import { splitsRelation } from '../splits/queries';

/** A verdict as it was raised: what the notifier tells the members still waiting at that broker. */
export type RaisedVerdict = SplitVerdict & { splitId: string; ticker: string; name: string };

/** Which splits a claim looks at: these, or those whose trades changed since a moment (the worker's sweep). */
export type VerdictScope = { splitIds: readonly string[] } | { changedSince: Date };

const ids = (list: readonly string[]) =>
  sql.join(
    list.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

function scopeOf(scope: VerdictScope): SQL {
  if ('splitIds' in scope) return sql`t.split_id in (${ids(scope.splitIds)})`;
  return sql`t.split_id in (select c.split_id from trades c where c.updated_at >= ${scope.changedSince.toISOString()}::timestamptz)`;
}

interface VerdictRow {
  split_id: string;
  broker_id: string;
  outcome: SplitVerdict['outcome'];
  members: number;
  first_at: string | Date;
  broker_name: string;
}

const toSplitVerdict = (r: VerdictRow): SplitVerdict => ({
  brokerId: r.broker_id,
  brokerName: r.broker_name,
  outcome: r.outcome,
  members: Number(r.members),
  firstAt: new Date(r.first_at).toISOString(),
});

/** The split verdicts (decision 044): this module's table `split_verdicts`, kept from members' trades. */
export function verdictsRepo(db: Db) {
  return {
    /**
     * Records every verdict the trades in `scope` have reached and no one recorded before, and answers
     * those: each (split, broker, outcome) whose distinct members reach the threshold. One statement, and
     * the unique key decides: of two writers at once, the later one waits for the first to commit and
     * then only raises the count, so a verdict is answered to one caller only, once. The count is kept
     * here as it grows, so the calendar reads verdicts without reading trades (a lock on trades must not
     * stall it).
     */
    async claim(scope: VerdictScope, now: Date): Promise<RaisedVerdict[]> {
      if ('splitIds' in scope && scope.splitIds.length === 0) return [];
      const res = (await db.execute(sql`
        with reached as (
          select t.split_id, a.broker_id, t.outcome, count(distinct t.user_id)::int as members
          from trades t join ${accountsRelation} a on a.id = t.account_id
          where t.outcome <> 'pending' and a.broker_id is not null and ${scopeOf(scope)}
          group by t.split_id, a.broker_id, t.outcome
          having count(distinct t.user_id) >= ${VERDICT_THRESHOLD}
        ), claimed as (
          insert into split_verdicts (split_id, broker_id, outcome, members, first_at)
          select split_id, broker_id, outcome, members, ${now.toISOString()}::timestamptz from reached
          order by split_id, broker_id, outcome
          on conflict (split_id, broker_id, outcome) do update set members = excluded.members
            where excluded.members > split_verdicts.members
          returning split_id, broker_id, outcome, members, first_at, (xmax = 0) as inserted
        )
        select c.split_id::text as split_id, c.broker_id::text as broker_id, c.outcome, c.members, c.first_at,
          b.name as broker_name, s.ticker, s.name
        from claimed c join ${brokersRelation} b on b.id = c.broker_id join ${splitsRelation} s on s.id = c.split_id
        where c.inserted
        order by c.split_id, b.name, c.outcome`)) as unknown as { rows: (VerdictRow & { ticker: string; name: string })[] };
      return res.rows.map((r) => ({ splitId: r.split_id, ticker: r.ticker, name: r.name, ...toSplitVerdict(r) }));
    },

    /**
     * The verdicts on these splits, per split, by broker name. `members` is the most members that have
     * reported it (kept by `claim`), never fewer than when it was raised: an edit that takes a broker below
     * the threshold does not take the news back.
     */
    async forSplits(splitIds: readonly string[]): Promise<Map<string, SplitVerdict[]>> {
      const out = new Map<string, SplitVerdict[]>();
      if (splitIds.length === 0) return out;
      const res = (await db.execute(sql`
        select v.split_id::text as split_id, v.broker_id::text as broker_id, v.outcome, v.first_at, b.name as broker_name,
          v.members
        from split_verdicts v join ${brokersRelation} b on b.id = v.broker_id
        where v.split_id in (${ids(splitIds)})
        order by v.split_id, b.name, v.first_at, v.outcome`)) as unknown as { rows: VerdictRow[] };
      for (const r of res.rows) out.set(r.split_id, [...(out.get(r.split_id) ?? []), toSplitVerdict(r)]);
      return out;
    },
  };
}
