import type { Notifications } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { relation } from '../../db/relation';
import { NOTIFICATION_COLUMNS, notificationsOf, toPublicUser, usersRepo, type UserRow } from './repo';

export { toPublicUser, type UserRow } from './repo';

const u = schema.users;

/**
 * Members as other modules' SQL reads them (see db/relation.ts): who they are, whether they may
 * be reached and how, and every notification preference. No password, token or payment columns.
 */
export const membersRelation = relation(u, [
  u.id,
  u.username,
  u.role,
  u.disabled,
  u.email,
  u.emailValidated,
  u.phone,
  u.phoneValidated,
  u.timeZone,
  ...Object.values(NOTIFICATION_COLUMNS).map((prop) => u[prop]),
]);

/** The SQL column of each notification preference (product.md#stored names) in membersRelation. */
export const PREF_COLUMN = Object.fromEntries(
  Object.entries(NOTIFICATION_COLUMNS).map(([key, prop]) => [key, u[prop].name]),
) as Record<keyof Notifications, string>;

/** What a member's billing state sets on their record (decision 009). */
export interface MembershipFields {
  role: string;
  subscriptionTier: string;
  memberSince: Date | null;
  stripeSubscriptionId?: string | null;
}

/**
 * The member records other modules read and change. The users table belongs to this module
 * (docs/ARCHITECTURE.md, "Who owns which table"): other modules never write it themselves, they
 * call these named operations. Each takes the caller's `db` or transaction, so it commits or rolls
 * back with the caller's own work.
 */
export function memberRecords(db: Db) {
  const repo = usersRepo(db);
  return {
    byId: (id: string) => repo.byId(id),
    byEmail: (email: string) => repo.byEmail(email),
    byUsername: (username: string) => repo.byUsername(username),
    /** The username of a member (e.g. a referrer), or null. */
    username: (id: string | null) => repo.username(id),
    /** Usernames by id for a list of ids (audit entries, commissions); unknown ids are left out. */
    usernames: (ids: readonly (string | null)[]) => repo.usernames(ids),
    /** Enabled admins' addresses (discovery's new round-up notices). */
    adminEmails: () => repo.adminEmails(),
    /** The members a member referred, oldest first (affiliates). */
    referralsOf: (referrerId: string) => repo.referralsOf(referrerId),
    /** The admin list: members whose username or email contains `q`, newest first, and how many there are. */
    search: (q: string | undefined, limit: number, offset = 0) => repo.search(q, limit, offset),
    count: (q?: string) => repo.count(q),
    /** The member as the API shows them (product.md#stored), with their referrer's username. */
    publicUser: async (row: UserRow) => toPublicUser(row, await repo.referrerUsername(row)),

    // Sign-up and sign-in (auth).
    create: (values: { username: string; email: string; passwordHash: string; referrerId: string | null; lastLoginDate: Date }) =>
      repo.insert(values),
    recordLogin: (id: string, at: Date) => repo.update(id, { lastLoginDate: at }),
    setPasswordHash: (id: string, passwordHash: string) => repo.update(id, { passwordHash }),
    /** A new address waiting for its verification link (null cancels it). */
    setPendingEmail: (id: string, email: string | null) => repo.update(id, { pendingEmail: email }),
    /** The verification link was opened: the current address, or the pending one that replaces it. Disabled members stay unchanged. */
    confirmEmail: (id: string, newEmail?: string) =>
      repo.updateIfEnabled(
        id,
        newEmail ? { email: newEmail, pendingEmail: null, emailValidated: true } : { emailValidated: true },
      ),

    // Billing.
    lockForUpdate: (id: string) => repo.lockForUpdate(id),
    idByPaymentCustomer: (customerId: string) => repo.idByPaymentCustomer(customerId),
    setPaymentCustomerOnce: (id: string, customerId: string) => repo.setPaymentCustomerOnce(id, customerId),
    setMembership: (id: string, fields: MembershipFields) => repo.update(id, fields),
    paidTierIds: () => repo.paidTierIds(),

    // Calendar feed (splits).
    feedOwner: (id: string) => repo.feedOwner(id),
    setCalendarFeedNonce: (id: string, nonce: string | null) => repo.update(id, { icalTokenHash: nonce }),

    // Unsubscribe links (notifications).
    turnOffPreference: (id: string, pref: keyof Notifications) => repo.turnOff(id, pref),
    /** One notification preference as it is now; null when the member is gone. */
    preference: async (id: string, pref: keyof Notifications): Promise<boolean | null> => {
      const row = await repo.byId(id);
      return row ? notificationsOf(row)[pref] : null;
    },

    // Admin user management: the fields an admin may edit, already validated by the admin module.
    adminUpdate: (id: string, values: Partial<Pick<UserRow, AdminEditable>>) => repo.update(id, values),
  };
}
export type MemberRecords = ReturnType<typeof memberRecords>;

/** The user fields an admin may change (admin/service.ts validates them first). */
export type AdminEditable = 'role' | 'grantedRole' | 'email' | 'phone' | 'emailValidated' | 'phoneValidated' | 'disabled';
