import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The first answer to a member's write sent with an Idempotency-Key (decision 048), kept until `expires_at`.
 * `status` is null while the first attempt runs; `fingerprint` is a hash of the method, path and body, so the
 * same key with another request is told apart. `applied` is set by the write's own transaction before it
 * commits (db/commit-hooks.ts), so a claim whose write committed is never dropped; `attempt` names the request
 * holding the claim. Written by http/idempotency.ts only.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    body: text('body'),
    applied: boolean('applied').notNull().default(false),
    attempt: uuid('attempt'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
