import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TokenScope } from '@roundup/shared';
import { users } from './users';

/** Personal API tokens: stored as HMAC of the secret, never the secret itself. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The first characters of the secret, shown to tell tokens apart. */
    prefix: text('prefix').notNull(),
    scopes: jsonb('scopes').$type<TokenScope[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('api_tokens_user_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);
