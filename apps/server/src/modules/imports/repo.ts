import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import type { StatementRow } from './formats/types';

const r = schema.importRows;

/** Fingerprints looked up per query. */
const LOOKUP_CHUNK = 5_000;

/** A statement row imported into an account, as stored. */
export interface StoredRow {
  fingerprint: string;
  splitId: string;
  row: StatementRow;
}

/** The rows imported into one account (import_rows belongs to this module). */
export function importRowsRepo(db: Db) {
  return {
    /** Which of these fingerprints were imported into the account before. */
    async taken(accountId: string, fingerprints: readonly string[]): Promise<Set<string>> {
      const taken = new Set<string>();
      // In chunks, each one parameter: a parameter per row passes PostgreSQL's 65,535 at 65,536 rows, and
      // one query of 100,000 would hold the event loop on the embedded database (it runs in this thread).
      for (let i = 0; i < fingerprints.length; i += LOOKUP_CHUNK) {
        const list = JSON.stringify(fingerprints.slice(i, i + LOOKUP_CHUNK));
        const rows = await db
          .select({ fingerprint: r.fingerprint })
          .from(r)
          .where(and(eq(r.accountId, accountId), sql`${r.fingerprint} in (select jsonb_array_elements_text(${list}::jsonb))`));
        for (const x of rows) taken.add(x.fingerprint);
      }
      return taken;
    },
    /** The broker account earlier imports into this account came from (null: none named one). */
    async brokerAccount(accountId: string): Promise<string | null> {
      const [row] = await db
        .select({ brokerAccount: r.brokerAccount })
        .from(r)
        .where(and(eq(r.accountId, accountId), isNotNull(r.brokerAccount)))
        .limit(1);
      return row?.brokerAccount ?? null;
    },
    /** Every row imported into the account for these splits. */
    async forSplits(accountId: string, splitIds: readonly string[]): Promise<StoredRow[]> {
      if (splitIds.length === 0) return [];
      const rows = await db
        .select({ fingerprint: r.fingerprint, splitId: r.splitId, row: r.row })
        .from(r)
        .where(and(eq(r.accountId, accountId), inArray(r.splitId, [...splitIds])));
      return rows.map((x) => ({ ...x, row: x.row as StatementRow }));
    },
    /**
     * Stores the rows; answers the fingerprints this call stored. A row stored already (a re-import, or
     * another tab applying the same file at the same moment: the unique index makes it wait for that
     * one and then skip) is left out, so only this call's rows go on to change trades.
     */
    async insert(
      values: { userId: string; accountId: string; format: string; brokerAccount: string | null },
      rows: readonly StoredRow[],
    ): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      // One parameter whatever the size (a statement of 5,000 rows is one statement, not 40,000 parameters).
      const batch = JSON.stringify(rows.map((x) => ({ split_id: x.splitId, fingerprint: x.fingerprint, row: x.row })));
      const res = (await db.execute(sql`
        insert into import_rows (user_id, account_id, split_id, fingerprint, format, broker_account, row)
        select ${values.userId}::uuid, ${values.accountId}::uuid, v.split_id, v.fingerprint, ${values.format}::text,
          ${values.brokerAccount}::text, v.row
        from jsonb_to_recordset(${batch}::jsonb) as v(split_id uuid, fingerprint text, row jsonb)
        on conflict (account_id, fingerprint) do nothing
        returning fingerprint`)) as unknown as { rows: { fingerprint: string }[] };
      return new Set(res.rows.map((r) => r.fingerprint));
    },
  };
}
