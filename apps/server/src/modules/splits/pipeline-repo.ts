import { asc, isNull, sql } from 'drizzle-orm';
import type { Exchange, PipelineStage, RsType } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

/** A pipeline entry as stored (issue 25 §6, decision 032). */
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
  rsType: RsType;
  participant: boolean;
  filingUrl: string;
  acceptedAt: Date | null;
  evidence: string | null;
  proposalId: string | null;
  updatedAt: Date;
}

export type PipelineValues = Omit<PipelineRow, 'id' | 'updatedAt'>;

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
  };
}
