import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A read-only view of a table for other modules' SQL: `(select <columns> from <table>)`.
 * The owning module exports it from its queries.ts, and readers join it under an alias
 * (`join ${splitsRelation} s on s.id = t.split_id`), so no other module names the table or a
 * column the owner did not publish. PostgreSQL pulls such a subquery up into the outer query,
 * so plans and indexes are those of a join on the table itself.
 */
export function relation(table: PgTable, columns: AnyColumn[]): SQL {
  return sql`(select ${sql.join(
    columns.map((c) => sql`${c}`),
    sql`, `,
  )} from ${table})`;
}
