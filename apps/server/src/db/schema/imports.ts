import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { accounts, reverseSplits } from './content';

/**
 * Decision 030: each statement row imported into an account, by its fingerprint. The
 * unique (account, fingerprint) makes an import idempotent, and decides two tabs applying the same
 * file at once: the second finds every row taken and writes nothing. `row` is the row as read (kind,
 * date, quantity, price, amount), so a later statement's rows for the same split add to it. The
 * trade a row wrote is the account's one trade on `split_id` (trades are unique per account and split).
 */
export const importRows = pgTable(
  'import_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    splitId: uuid('split_id')
      .notNull()
      .references(() => reverseSplits.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    format: text('format').notNull(),
    /** The broker account the file named (masked), when it named one. */
    brokerAccount: text('broker_account'),
    row: jsonb('row').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('import_rows_account_fingerprint_uq').on(t.accountId, t.fingerprint),
    index('import_rows_account_split_idx').on(t.accountId, t.splitId),
  ],
);

/**
 * Decision 042: the RoundUp account each broker account of a file of several goes into, remembered per
 * member, broker (the accounts' broker name) and the broker account's last 4 characters; a null
 * account_id remembers that the member skips it. The preview pre-selects it; each apply with a mapping
 * stores it.
 */
export const importAccountMaps = pgTable(
  'import_account_maps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    broker: text('broker').notNull(),
    last4: text('last4').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('import_account_maps_user_broker_last4_uq').on(t.userId, t.broker, t.last4)],
);
