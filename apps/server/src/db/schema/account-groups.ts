import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { accounts } from './content';

/** A member's named groups of their own accounts ("day one", "not Vanguard"). */
export const accountGroups = pgTable(
  'account_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  /** One group of a name per member, whatever its case (a double submit finds the first). */
  (t) => [uniqueIndex('account_groups_user_name_uq').on(t.userId, sql`lower(${t.name})`)],
);

/** The accounts in a group, in the member's order; deleting an account takes it out of every group. */
export const accountGroupMembers = pgTable(
  'account_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => accountGroups.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.accountId] }), index('account_group_members_account_idx').on(t.accountId)],
);
