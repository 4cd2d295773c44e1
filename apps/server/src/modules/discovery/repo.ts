import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DiscoveryStatus } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { filingsRepo } from './filings-repo';
import { slotsRepo } from './slots-repo';

const f = schema.edgarFilings;
const p = schema.discoveryProposals;

export type { Candidate, FilingRow } from './filings-repo';
export type { RunRow } from './slots-repo';
export type ProposalRow = typeof p.$inferSelect;
export type ProposalValues = typeof p.$inferInsert;

/** Discovery's tables: poll slots (slots-repo.ts), found filings and documents (filings-repo.ts), and proposals. */
export function discoveryRepo(db: Db) {
  return { ...slotsRepo(db), ...filingsRepo(db), ...proposalsRepo(db) };
}
export type DiscoveryRepo = ReturnType<typeof discoveryRepo>;

/** Proposals (`discovery_proposals`), with their filing's EDGAR acceptance time where a reader needs it. */
export function proposalsRepo(db: Db) {
  return {
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
