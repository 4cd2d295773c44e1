import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { dbFaultOf } from '../../db/fault-rules';
import type { PeerBroker } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { relation } from '../../db/relation';
import { accountsRelation } from '../accounts/queries';
import { brokersRelation } from '../brokers/queries';
import { splitsRelation } from '../splits/queries';
import { verdictsRepo } from './verdicts-repo';

const t = schema.trades;

/** Members' trades as other modules' SQL reads them (see db/relation.ts). */
export const tradesRelation = relation(t, [
  t.id,
  t.userId,
  t.accountId,
  t.splitId,
  t.ticker,
  t.buyDate,
  t.buyPrice,
  t.sellDate,
  t.sellPrice,
  t.outcome,
  t.outcomeDate,
  t.legs,
  t.sharesReceived,
  t.cashInLieuAmount,
]);

/**
 * How many trades members hold on a split. Read under the split's row lock (splits' delete),
 * it is exact: a trade being added waits on that lock through its foreign key.
 */
async function countForSplit(db: Db, splitId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(t).where(eq(t.splitId, splitId));
  return Number(row?.n ?? 0);
}

/**
 * Members' recorded outcomes per broker: outcomes other than pending, the members
 * behind them, how many were shares, and the median days from the split's effective date to the
 * share's arrival (a date before the effective date — a typo, or an effective date an admin
 * moved later — counts as a sample but not towards the days). The brokers module decides what
 * may be shown.
 */
async function outcomesByBroker(
  db: Db,
): Promise<Map<string, { samples: number; members: number; received: number; medianDays: number | null }>> {
  const res = (await db.execute(sql`
    select a.broker_id::text as broker_id, count(*)::int as samples, count(distinct t.user_id)::int as members,
      count(*) filter (where t.outcome = 'share_received')::int as received,
      percentile_cont(0.5) within group (order by (t.outcome_date - s.eff_date))
        filter (where t.outcome = 'share_received' and t.outcome_date >= s.eff_date) as median_days
    from trades t
    join ${accountsRelation} a on a.id = t.account_id
    join ${splitsRelation} s on s.id = t.split_id
    where t.outcome <> 'pending' and a.broker_id is not null
    group by a.broker_id`)) as unknown as {
    rows: { broker_id: string; samples: number; members: number; received: number; median_days: number | string | null }[];
  };
  return new Map(
    res.rows.map((r) => [
      r.broker_id,
      {
        samples: Number(r.samples),
        members: Number(r.members),
        received: Number(r.received),
        medianDays: r.median_days === null ? null : Number(r.median_days),
      },
    ]),
  );
}

/**
 * The outcomes on one split per broker (counts and distinct members, never a user).
 * The caller decides what may be shown (the threshold lives in @roundup/shared peer-outcomes).
 */
async function outcomesOnSplitByBroker(db: Db, splitId: string): Promise<PeerBroker[]> {
  const res = (await db.execute(sql`
    select b.name as broker, count(distinct t.user_id)::int as members,
      count(*) filter (where t.outcome = 'share_received')::int as received,
      count(*) filter (where t.outcome = 'cash_in_lieu')::int as cash_in_lieu,
      count(*) filter (where t.outcome = 'pending')::int as pending,
      count(*) filter (where t.outcome = 'no_credit')::int as nothing,
      count(*) filter (where t.outcome = 'fraction_kept')::int as fraction_kept,
      count(*) filter (where t.outcome = 'clawed_back')::int as clawed_back
    from trades t
    join ${accountsRelation} a on a.id = t.account_id
    join ${brokersRelation} b on b.id = a.broker_id
    where t.split_id = ${splitId}
    group by b.id, b.name`)) as unknown as {
    rows: {
      broker: string;
      members: number;
      received: number;
      cash_in_lieu: number;
      pending: number;
      nothing: number;
      fraction_kept: number;
      clawed_back: number;
    }[];
  };
  return res.rows.map((r) => ({
    broker: r.broker,
    members: Number(r.members),
    received: Number(r.received),
    cashInLieu: Number(r.cash_in_lieu),
    pending: Number(r.pending),
    nothing: Number(r.nothing),
    fractionKept: Number(r.fraction_kept),
    clawedBack: Number(r.clawed_back),
  }));
}

/** One member's cash-in-lieu trades on a split, counted per broker name (their own data only). */
async function cashInLieuOf(db: Db, userId: string, splitId: string): Promise<{ broker: string; accounts: number }[]> {
  const res = (await db.execute(sql`
    select b.name as broker, count(*)::int as accounts
    from trades t
    join ${accountsRelation} a on a.id = t.account_id
    join ${brokersRelation} b on b.id = a.broker_id
    where t.split_id = ${splitId} and t.user_id = ${userId} and t.outcome = 'cash_in_lieu'
    group by b.id, b.name`)) as unknown as { rows: { broker: string; accounts: number }[] };
  return res.rows.map((r) => ({ broker: r.broker, accounts: Number(r.accounts) }));
}

/** The last set each database answered: what the calendar shows while trades is locked. */
const lastClawedBack = new WeakMap<Db, Set<string>>();

/**
 * The splits on which a member recorded round-up shares taken back by the issuer (outcome
 * `clawed_back`): the issuer's later splits carry `clawback_history` (decision 045). Every Pro calendar
 * reads it, so a lock on trades (an operator's LOCK TABLE, a migration) must not stall the calendar: it
 * waits at most 250 ms for the table, then answers the set it last read.
 */
async function splitsWithClawedBackShares(db: Db): Promise<Set<string>> {
  try {
    const res = (await db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '250ms'`);
      return tx.execute(sql`select distinct t.split_id::text as split_id from trades t where t.outcome = 'clawed_back'`);
    })) as unknown as { rows: { split_id: string }[] };
    const found = new Set(res.rows.map((r) => r.split_id));
    lastClawedBack.set(db, found);
    return found;
  } catch (err) {
    if (dbFaultOf(err)?.kind !== 'lock-timeout') throw err;
    return lastClawedBack.get(db) ?? new Set();
  }
}

/**
 * These members' bought trades still pending, with cash in lieu, with the share or a fraction
 * received, or with the share clawed back, on splits not archived, with what the To do rules and the weekly digest need (market date,
 * type, broker, and the trade's id: whether it is still an open position is analytics', asked by the caller).
 */
async function toReconcile(db: Db, userIds: readonly string[]) {
  const res = (await db.execute(sql`
    select t.id::text as trade_id, t.user_id::text as user_id, t.split_id::text as split_id, s.ticker,
      s.eff_date::text as eff_date, s.rs_type, t.outcome, t.outcome_date::text as outcome_date,
      b.id::text as broker_id, b.name as broker
    from trades t
    join ${accountsRelation} a on a.id = t.account_id
    join ${brokersRelation} b on b.id = a.broker_id
    join ${splitsRelation} s on s.id = t.split_id
    where t.user_id in (${sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and t.outcome in ('pending', 'cash_in_lieu', 'share_received', 'fraction_kept', 'clawed_back')
      and t.buy_date is not null
      and s.archived_at is null
    order by s.eff_date, s.ticker, b.name`)) as unknown as {
    rows: {
      trade_id: string;
      user_id: string;
      split_id: string;
      ticker: string;
      eff_date: string;
      rs_type: string;
      outcome: string;
      outcome_date: string | null;
      broker_id: string;
      broker: string;
    }[];
  };
  return res.rows;
}

/** Recorded outcomes on these splits (the discovery queue's record of its round-up calls). */
async function outcomesForSplits(
  db: Db,
  splitIds: readonly string[],
): Promise<{ splits: number; recorded: number; received: number }> {
  if (splitIds.length === 0) return { splits: 0, recorded: 0, received: 0 };
  const [row] = await db
    .select({
      splits: sql<number>`count(distinct ${t.splitId})::int`,
      recorded: sql<number>`count(*)::int`,
      received: sql<number>`(count(*) filter (where ${t.outcome} = 'share_received'))::int`,
    })
    .from(t)
    .where(and(inArray(t.splitId, [...splitIds]), ne(t.outcome, 'pending')));
  return { splits: Number(row?.splits ?? 0), recorded: Number(row?.recorded ?? 0), received: Number(row?.received ?? 0) };
}

/** How many trades a member has in each of their accounts (the accounts list). */
async function countsByAccount(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db.select({ accountId: t.accountId, n: count() }).from(t).where(eq(t.userId, userId)).groupBy(t.accountId);
  return new Map(rows.map((r) => [r.accountId, Number(r.n)]));
}

/**
 * What other modules may ask about members' trades (the trades table belongs to this module,
 * docs/ARCHITECTURE.md). Each read runs in the caller's `db` or transaction.
 */
export function tradeFacts(db: Db) {
  return {
    countForSplit: (splitId: string) => countForSplit(db, splitId),
    outcomesByBroker: () => outcomesByBroker(db),
    outcomesOnSplitByBroker: (splitId: string) => outcomesOnSplitByBroker(db, splitId),
    cashInLieuOf: (userId: string, splitId: string) => cashInLieuOf(db, userId, splitId),
    splitsWithClawedBackShares: () => splitsWithClawedBackShares(db),
    toReconcile: (userIds: readonly string[]) => toReconcile(db, userIds),
    outcomesForSplits: (splitIds: readonly string[]) => outcomesForSplits(db, splitIds),
    countsByAccount: (userId: string) => countsByAccount(db, userId),
    /** Each split's verdicts per broker (decision 044): for the rows a Pro member or an admin sees. */
    verdictsFor: (splitIds: readonly string[]) => verdictsRepo(db).forSplits(splitIds),
  };
}

/** Statement import (decision 030) writes members' trades through the trade rules here. */
export { importedState, importedTrades, type ImportedTrade } from './imported-trades-repo';
