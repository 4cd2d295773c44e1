import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leaseEnd } from '../../db/lease';
import { schema } from '../../db/client';

const f = schema.edgarFilings;
const d = schema.edgarDocuments;
export type FilingRow = typeof f.$inferSelect;

export interface Candidate {
  accession: string;
  cik: string;
  company: string;
  form: string;
  fileDate: string;
  primaryDoc: string | null;
  displayNames: string[];
  foundBy: 'search' | 'feed';
}

/** Found filings (`edgar_filings`, the durable work queue) and their stored documents (fetched once). */
export function filingsRepo(db: Db) {
  return {
    /** Adds the filings not seen before; returns how many were new. */
    async addCandidates(list: Candidate[], now: Date): Promise<number> {
      if (list.length === 0) return 0;
      const rows = await db
        .insert(f)
        .values(list.map((c) => ({ ...c, nextAttemptAt: now, discoveredAt: now })))
        .onConflictDoNothing({ target: f.accession })
        .returning({ accession: f.accession });
      return rows.length;
    },
    /** Leases up to `limit` due filings (queued and due, or leased by a process that died). */
    async claimFilings(now: Date, limit: number, leaseMs: number): Promise<FilingRow[]> {
      const nowIso = now.toISOString();
      const due = db
        .select({ accession: f.accession })
        .from(f)
        .where(
          and(
            eq(f.status, 'queued'),
            sql`${f.nextAttemptAt} <= ${nowIso}::timestamptz`,
            // Leases by the database's clock, the one every process shares (a process's own may be off).
            or(isNull(f.lockedUntil), sql`${f.lockedUntil} < now()`),
          ),
        )
        .orderBy(f.fileDate, f.accession)
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(f)
        .set({ lockedUntil: leaseEnd(leaseMs), attempts: sql`${f.attempts} + 1` })
        .where(inArray(f.accession, due))
        .returning();
      // Oldest first: an event's filings are read in the order they were filed (RETURNING keeps no order).
      return rows.sort((x, y) => x.fileDate.localeCompare(y.fileDate) || x.accession.localeCompare(y.accession));
    },
    async markFiling(
      accession: string,
      values: {
        status: 'queued' | 'done' | 'skipped' | 'failed';
        error?: string | null;
        nextAttemptAt?: Date;
        acceptedAt?: Date | null;
        processedAt?: Date;
      },
    ) {
      await db
        .update(f)
        .set({ ...values, lockedUntil: null })
        .where(eq(f.accession, accession));
    },
    async filing(accession: string): Promise<FilingRow | null> {
      const [row] = await db.select().from(f).where(eq(f.accession, accession)).limit(1);
      return row ?? null;
    },

    async document(accession: string, filename: string) {
      const [row] = await db
        .select()
        .from(d)
        .where(and(eq(d.accession, accession), eq(d.filename, filename)))
        .limit(1);
      return row ?? null;
    },
    async documents(accession: string) {
      return db.select().from(d).where(eq(d.accession, accession)).orderBy(d.filename);
    },
    async saveDocument(values: typeof d.$inferInsert & { fetchedAt: Date }) {
      await db.insert(d).values(values).onConflictDoNothing();
    },
  };
}
