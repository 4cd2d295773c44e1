import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DiscoveryStatus } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';

const f = schema.edgarFilings;
const d = schema.edgarDocuments;
const p = schema.discoveryProposals;
const r = schema.discoveryRuns;

export type FilingRow = typeof f.$inferSelect;
export type ProposalRow = typeof p.$inferSelect;
export type ProposalValues = typeof p.$inferInsert;
export type RunRow = typeof r.$inferSelect;

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

export function discoveryRepo(db: Db) {
  return {
    // Poll slots: one row per slot, so a slot runs once across replicas; a live lease blocks overlap.

    /** Starts `slot` unless it ran already or another cycle still holds its lease. */
    async claimSlot(slot: string, now: Date, leaseMs: number): Promise<boolean> {
      return db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('roundup-discovery-slot'))`);
        const [busy] = await tx
          .select({ slot: r.slot })
          .from(r)
          .where(and(isNull(r.finishedAt), sql`${r.leaseUntil} > ${now.toISOString()}::timestamptz`))
          .limit(1);
        if (busy) return false;
        const rows = await tx
          .insert(r)
          .values({ slot, startedAt: now, leaseUntil: new Date(now.getTime() + leaseMs) })
          .onConflictDoNothing()
          .returning({ slot: r.slot });
        return rows.length > 0;
      });
    },
    async extendLease(slot: string, until: Date) {
      await db.update(r).set({ leaseUntil: until }).where(eq(r.slot, slot));
    },
    async finishSlot(
      slot: string,
      now: Date,
      figures: Partial<Pick<RunRow, 'found' | 'processed' | 'proposals' | 'requests' | 'error' | 'searchedFrom' | 'searchedTo'>>,
    ) {
      await db
        .update(r)
        .set({ ...figures, finishedAt: now })
        .where(eq(r.slot, slot));
    },
    /** The newest finished search window's end (file date), where the next search starts. */
    async lastSearchedTo(): Promise<string | null> {
      const [row] = await db
        .select({ to: r.searchedTo })
        .from(r)
        .where(and(sql`${r.finishedAt} is not null`, isNull(r.error), sql`${r.searchedTo} is not null`))
        .orderBy(desc(r.searchedTo))
        .limit(1);
      return row?.to ?? null;
    },
    async lastRun(): Promise<RunRow | null> {
      const [row] = await db.select().from(r).orderBy(desc(r.startedAt)).limit(1);
      return row ?? null;
    },

    // Found filings: the durable work queue.

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
            or(isNull(f.lockedUntil), lt(f.lockedUntil, now)),
          ),
        )
        .orderBy(f.fileDate, f.accession)
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(f)
        .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${f.attempts} + 1` })
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

    // Stored documents (fetched once).

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

    // Proposals.

    async proposalByAccession(accession: string): Promise<ProposalRow | null> {
      const [row] = await db.select().from(p).where(eq(p.accession, accession)).limit(1);
      return row ?? null;
    },
    /** A proposal with its filing's EDGAR acceptance time. */
    async proposal(id: string): Promise<(ProposalRow & { acceptedAt: Date | null }) | null> {
      const [row] = await db
        .select({ proposal: p, acceptedAt: f.acceptedAt })
        .from(p)
        .leftJoin(f, eq(f.accession, p.accession))
        .where(eq(p.id, id))
        .limit(1);
      return row ? { ...row.proposal, acceptedAt: row.acceptedAt ?? null } : null;
    },
    async lockProposal(id: string): Promise<ProposalRow | null> {
      const [row] = await db.select().from(p).where(eq(p.id, id)).for('update').limit(1);
      return row ?? null;
    },
    /** The issuer's latest proposals not rejected, newest first (to find the event a filing continues). */
    async recentForIssuer(cik: string, limit = 10): Promise<ProposalRow[]> {
      return db
        .select()
        .from(p)
        .where(and(eq(p.cik, cik), sql`${p.status} <> 'rejected'`))
        .orderBy(desc(p.createdAt))
        .limit(limit);
    },
    async insertProposal(values: ProposalValues & { createdAt: Date }): Promise<ProposalRow | null> {
      const [row] = await db.insert(p).values(values).onConflictDoNothing({ target: p.accession }).returning();
      return row ?? null;
    },
    async setProposal(id: string, values: Partial<ProposalValues>) {
      await db.update(p).set(values).where(eq(p.id, id));
    },
    async list(status?: DiscoveryStatus): Promise<(ProposalRow & { acceptedAt: Date | null })[]> {
      const rows = await db
        .select({ proposal: p, acceptedAt: f.acceptedAt })
        .from(p)
        .innerJoin(f, eq(f.accession, p.accession))
        .where(status ? eq(p.status, status) : undefined)
        .orderBy(desc(p.createdAt))
        .limit(500);
      return rows.map((x) => ({ ...x.proposal, acceptedAt: x.acceptedAt }));
    },
    async counts(): Promise<Record<string, number>> {
      const rows = await db
        .select({ status: p.status, n: sql<number>`count(*)::int` })
        .from(p)
        .groupBy(p.status);
      return Object.fromEntries(rows.map((x) => [x.status, Number(x.n)]));
    },
    /** Rejected proposals, oldest first: the classifier's regression cases. */
    async rejected(): Promise<ProposalRow[]> {
      return db.select().from(p).where(eq(p.status, 'rejected')).orderBy(p.reviewedAt);
    },
    /** Splits written from accepted round-up calls. */
    async acceptedRoundUpSplits(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ splitId: p.splitId })
        .from(p)
        .where(and(eq(p.status, 'accepted'), eq(p.rounding, 'ROUND_UP'), sql`${p.splitId} is not null`));
      return rows.map((r) => r.splitId as string);
    },
    /** New round-up proposals the admins have not been told about. */
    async unnotifiedRoundUps(): Promise<ProposalRow[]> {
      return db
        .select()
        .from(p)
        .where(and(eq(p.status, 'open'), eq(p.rounding, 'ROUND_UP'), eq(p.historical, false), isNull(p.notifiedAt)))
        .orderBy(p.createdAt)
        .limit(50);
    },
  };
}
export type DiscoveryRepo = ReturnType<typeof discoveryRepo>;
