import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Exchange, PipelineStage, RsType } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

/** A pipeline entry as stored (decision 032). */
export interface PipelineRow {
  id: string;
  cik: string;
  name: string;
  ticker: string | null;
  exchange: Exchange | null;
  stage: PipelineStage;
  ratio: number | null;
  ratioMin: number | null;
  ratioMax: number | null;
  /** The filing's ratio when it is not whole (1-for-4.3); `ratio` is then null. */
  ratioExact: number | null;
  rsType: RsType;
  participant: boolean;
  filingUrl: string;
  acceptedAt: Date | null;
  evidence: string | null;
  proposalId: string | null;
  /** The minimum-bid-price notice (stage `deficiency`, kept when the entry moves on). */
  noticeDate: string | null;
  complianceDeadline: string | null;
  deficiencyRule: string | null;
  updatedAt: Date;
}

export type PipelineValues = Omit<PipelineRow, 'id' | 'updatedAt' | 'noticeDate' | 'complianceDeadline' | 'deficiencyRule'>;
export type DeficiencyValues = Omit<PipelineValues, 'stage' | 'ratio' | 'ratioMin' | 'ratioMax' | 'ratioExact' | 'proposalId'> &
  Pick<PipelineRow, 'noticeDate' | 'complianceDeadline' | 'deficiencyRule'>;

const f = schema.pipelineFollows;

const p = schema.splitPipeline;

/** The only file that knows `split_pipeline` (owned by the splits module). */
export function pipelineRepo(db: Db) {
  return {
    /** Entries still undated (no dated split of the issuer published yet), oldest first. */
    async listOpen(): Promise<PipelineRow[]> {
      const rows = await db.select().from(p).where(isNull(p.splitId)).orderBy(asc(p.createdAt), asc(p.id));
      return rows as PipelineRow[];
    },
    /** Publishes or moves on the issuer's undated entry: one per issuer while undated. */
    async upsert(tx: Db, v: PipelineValues): Promise<PipelineRow> {
      const [row] = await tx
        .insert(p)
        .values(v)
        .onConflictDoUpdate({
          target: p.cik,
          targetWhere: sql`${p.splitId} is null`,
          set: { ...v, updatedAt: sql`now()` },
        })
        .returning();
      return row as PipelineRow;
    },
    /**
     * A bid-price notice puts the issuer on the watchlist (stage `deficiency`); an issuer already in the
     * pipeline keeps its stage and takes the notice's facts only, so a late notice never moves an entry back.
     */
    async recordDeficiency(tx: Db, v: DeficiencyValues): Promise<PipelineRow> {
      const [row] = await tx
        .insert(p)
        .values({ ...v, stage: 'deficiency' })
        .onConflictDoUpdate({
          target: p.cik,
          targetWhere: sql`${p.splitId} is null`,
          set: {
            noticeDate: v.noticeDate,
            complianceDeadline: v.complianceDeadline,
            deficiencyRule: v.deficiencyRule,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      return row as PipelineRow;
    },
    /** The issuer's undated entry while it is still at `deficiency`, locked for the move on (null: none). */
    async openDeficiency(tx: Db, cik: string): Promise<PipelineRow | null> {
      const rows = await tx
        .select()
        .from(p)
        .where(and(eq(p.cik, cik), isNull(p.splitId), eq(p.stage, 'deficiency')))
        .for('update');
      return (rows[0] as PipelineRow | undefined) ?? null;
    },
    /** An open entry by id (null: none, or it has left the pipeline). */
    async openById(id: string): Promise<PipelineRow | null> {
      const rows = await db
        .select()
        .from(p)
        .where(and(eq(p.id, id), isNull(p.splitId)));
      return (rows[0] as PipelineRow | undefined) ?? null;
    },
    /** Follows an entry; a second follow (two tabs) changes nothing. */
    async follow(entryId: string, userId: string): Promise<void> {
      await db.insert(f).values({ entryId, userId }).onConflictDoNothing();
    },
    async unfollow(entryId: string, userId: string): Promise<void> {
      await db.delete(f).where(and(eq(f.entryId, entryId), eq(f.userId, userId)));
    },
    /** The entries a member follows. */
    async followedBy(userId: string): Promise<Set<string>> {
      return new Set((await db.select({ id: f.entryId }).from(f).where(eq(f.userId, userId))).map((r) => r.id));
    },
    /** The followers not yet told, marked told in the same statement: each hears once, whoever moves the entry on. */
    async claimFollowers(tx: Db, entryId: string): Promise<string[]> {
      const rows = await tx
        .update(f)
        .set({ alertedAt: sql`now()` })
        .where(and(eq(f.entryId, entryId), isNull(f.alertedAt)))
        .returning({ userId: f.userId });
      return rows.map((r) => r.userId);
    },
  };
}
