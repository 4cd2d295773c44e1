import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  splitDeadline,
  type Exchange,
  type Split,
  type SplitChange,
  type SplitInput,
  type SplitStatus,
  type SplitTerm,
} from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { memberRecords } from '../users/queries';

type Row = typeof schema.reverseSplits.$inferSelect;

/** The channel the change signal travels on (LISTEN/NOTIFY); the payload is the change id, no split data. */
export const SPLITS_CHANNEL = 'roundup_splits';

/** The last committed change id (decision 006); 0 before any. One column, `id`, as text. */
export const LAST_CHANGE_ID_SQL = 'select coalesce(max(last_value), 0)::text as id from split_change_seq';

/**
 * Counts a split change and signals it with its id (delivered on commit). Run it as a write
 * transaction's last statement: its row lock makes concurrent split writes wait for each other's
 * commit from here on, so ids follow commit order, and no other lock is taken while it is held.
 * A transaction that rolls back leaves the count as it was (decision 006).
 */
export async function signalChange(tx: Db): Promise<number> {
  const res = (await tx.execute(sql`
    with bumped as (
      insert into split_change_seq as s (one, last_value) values (true, 1)
      on conflict (one) do update set last_value = s.last_value + 1
      returning last_value
    )
    select pg_notify(${SPLITS_CHANNEL}, last_value::text), last_value::text as id from bumped`)) as unknown as {
    rows: { id: string }[];
  };
  return Number(res.rows[0].id);
}

/** What the filing said, kept on the split: shown to Pro members and admins only. */
export interface FilingFacts {
  cik: string | null;
  sentence: string | null;
  acceptedAt: string | null;
}

/**
 * A split as stored: the product.md#stored fields plus whether it is archived (decision 011) and what
 * the filing said (`filing`, internal: `strip` drops it; the service adds `evidence` for Pro members).
 */
export type StoredSplit = Split & { archived: boolean; filing: FilingFacts };

/** SQL row → product.md#stored JSON (snake_case and numeric strings → field names and numbers). */
export function toSplit(r: Row): StoredSplit {
  return {
    _id: r.id,
    name: r.name,
    ticker: r.ticker,
    effDate: r.effDate,
    buyDate: r.buyDate,
    ratio: r.ratio,
    price: Number(r.price),
    estProfit: Number(r.estProfit),
    avgProfit: Number(r.avgProfit),
    status: r.status as Split['status'],
    rsType: r.rsType as Split['rsType'],
    source: r.source,
    notes: r.notes,
    caution: r.caution,
    exchange: (r.exchange as Exchange | null) ?? null,
    deadline: splitDeadline(r.buyDate, (r.exchange as Exchange | null) ?? null),
    participant: r.participant,
    masked: false,
    archived: r.archivedAt !== null,
    filing: { cik: r.cik, sentence: r.evidence, acceptedAt: r.filedAt?.toISOString() ?? null },
  };
}

/**
 * What the repo writes: the validated form with its derived estimate, a decided exchange and
 * participant flag, and what the filing said when the split comes from discovery (left alone when absent).
 */
export type SplitValues = SplitInput & {
  estProfit: number;
  exchange: Exchange | null;
  participant: boolean;
  filing?: FilingFacts;
};

function toValues(input: SplitValues) {
  return {
    name: input.name,
    ticker: input.ticker,
    effDate: input.effDate,
    buyDate: input.buyDate,
    ratio: input.ratio,
    price: String(input.price),
    estProfit: String(input.estProfit),
    avgProfit: String(input.avgProfit),
    status: input.status,
    rsType: input.rsType,
    source: input.source,
    notes: input.notes,
    caution: input.caution,
    exchange: input.exchange,
    participant: input.participant,
    ...(input.filing
      ? {
          cik: input.filing.cik,
          evidence: input.filing.sentence,
          filedAt: input.filing.acceptedAt ? new Date(input.filing.acceptedAt) : null,
        }
      : {}),
  };
}

export function splitsRepo(db: Db) {
  const t = schema.reverseSplits;
  return {
    /** Splits of these statuses that are not archived. */
    async list(statuses: SplitStatus[]): Promise<StoredSplit[]> {
      const rows = await db
        .select()
        .from(t)
        .where(and(inArray(t.status, statuses), isNull(t.archivedAt)))
        .orderBy(asc(t.buyDate), asc(t.ticker));
      return withChanges(db, rows.map(toSplit));
    },
    async byId(id: string): Promise<StoredSplit | null> {
      const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1);
      return row ? (await withChanges(db, [toSplit(row)]))[0] : null;
    },
    /** Complete Round Up splits bought on or before `boughtBy` (what a visitor may see), newest first. */
    async pastRoundUps(limit: number, boughtBy: string): Promise<StoredSplit[]> {
      const rows = await db
        .select()
        .from(t)
        .where(and(eq(t.status, 'Complete'), eq(t.rsType, 'Round Up'), isNull(t.archivedAt), lte(t.buyDate, boughtBy)))
        .orderBy(desc(t.effDate), asc(t.ticker))
        .limit(limit);
      return rows.map(toSplit);
    },
    /** Runs `fn` in a transaction that also counts and signals the change; answers its result and the change id. */
    async inTransaction<T>(fn: (tx: Db, ops: TxOps) => Promise<T>): Promise<{ result: T; changeId: number }> {
      return db.transaction(async (tx) => {
        const ops = txOps(tx as unknown as Db);
        const result = await fn(tx as unknown as Db, ops);
        const changeId = await signalChange(tx as unknown as Db);
        return { result, changeId };
      });
    },

    // The feed's secret lives on the member's record (users module).
    icalNonce: async (userId: string): Promise<string | null> => (await memberRecords(db).feedOwner(userId))?.nonce ?? null,
    async setIcalNonce(userId: string, nonce: string | null): Promise<void> {
      await memberRecords(db).setCalendarFeedNonce(userId, nonce);
    },
    feedOwner: (userId: string) => memberRecords(db).feedOwner(userId),
  };
}

/** Adds each split's changes of terms after publication (decision 025), oldest first: one query for the lot. */
async function withChanges(db: Db, splits: StoredSplit[]): Promise<StoredSplit[]> {
  if (splits.length === 0) return splits;
  const c = schema.splitTermChanges;
  const rows = await db
    .select()
    .from(c)
    // One array parameter however many splits are listed.
    .where(sql`${c.splitId} = any(${`{${splits.map((s) => s._id).join(',')}}`}::uuid[])`)
    .orderBy(asc(c.changedAt), asc(c.id));
  const bySplit = new Map<string, SplitChange[]>();
  for (const r of rows)
    bySplit.set(r.splitId, [
      ...(bySplit.get(r.splitId) ?? []),
      { field: r.field as SplitTerm, from: r.fromValue, to: r.toValue, at: r.changedAt.toISOString() },
    ]);
  return splits.map((s) => ({ ...s, changes: bySplit.get(s._id) ?? [] }));
}

function txOps(tx: Db) {
  const t = schema.reverseSplits;
  return {
    /** Keeps changes of terms made after publication (only ever added: the history stays). */
    async recordChanges(
      splitId: string,
      changes: readonly { field: SplitTerm; from: string | number; to: string | number }[],
      at: Date,
      actorId: string | null,
    ): Promise<void> {
      if (changes.length === 0) return;
      await tx
        .insert(schema.splitTermChanges)
        .values(changes.map((ch) => ({ splitId, field: ch.field, fromValue: ch.from, toValue: ch.to, changedAt: at, actorId })));
    },
    async lockById(id: string): Promise<StoredSplit | null> {
      const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update').limit(1);
      return row ? toSplit(row) : null;
    },
    async insert(input: SplitValues): Promise<StoredSplit> {
      const [row] = await tx.insert(t).values(toValues(input)).returning();
      return toSplit(row);
    },
    async update(id: string, input: SplitValues): Promise<StoredSplit> {
      const [row] = await tx
        .update(t)
        .set({ ...toValues(input), updatedAt: sql`now()` })
        .where(eq(t.id, id))
        .returning();
      return toSplit(row);
    },
    /** Hides the split everywhere and keeps its trades: an UPDATE that fires none of the analytics triggers. */
    async archive(id: string): Promise<void> {
      await tx
        .update(t)
        .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(t.id, id));
    },
    async remove(id: string): Promise<void> {
      await tx.delete(t).where(eq(t.id, id));
    },
    /**
     * A dated split members can see takes its issuer's undated entry out of the pipeline (decision 032):
     * matched by CIK, or by ticker for a split typed by hand. What the filing said moves with it: the
     * split keeps its own sentence, CIK, filing time and source, and takes the entry's where it has none.
     */
    async leavePipeline(s: StoredSplit): Promise<void> {
      if (s.status !== 'Upcoming' && s.status !== 'Complete') return;
      const p = schema.splitPipeline;
      const issuer = s.filing.cik ? eq(p.cik, s.filing.cik) : sql`upper(${p.ticker}) = upper(${s.ticker})`;
      const [entry] = await tx
        .update(p)
        .set({ splitId: s._id, updatedAt: sql`now()` })
        .where(and(issuer, isNull(p.splitId)))
        .returning();
      if (!entry) return;
      await tx
        .update(t)
        .set({
          cik: sql`coalesce(${t.cik}, ${entry.cik})`,
          evidence: sql`coalesce(${t.evidence}, ${entry.evidence})`,
          filedAt: sql`coalesce(${t.filedAt}, ${entry.acceptedAt?.toISOString() ?? null}::timestamptz)`,
          source: sql`coalesce(${t.source}, ${entry.filingUrl})`,
        })
        .where(eq(t.id, s._id));
    },
  };
}
export type TxOps = ReturnType<typeof txOps>;
export type SplitsRepo = ReturnType<typeof splitsRepo>;
