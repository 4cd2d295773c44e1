import { sql } from 'drizzle-orm';

/**
 * The end of a lease `ms` from now, by the database's clock. Every lease (delivery claims, discovery
 * filings and poll slots, confirmation slots) is written and compared with `now()` of the one database
 * all processes share: a process whose own clock is off would otherwise take live claims (a fast clock)
 * or keep dead ones (a slow clock). The app's clock still says when work is due and stamps the rows.
 */
export const leaseEnd = (ms: number) => sql`now() + ${ms}::int * interval '1 millisecond'`;
