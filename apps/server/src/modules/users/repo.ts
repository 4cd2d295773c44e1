import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Notifications, PublicUser, Role } from '@roundup/shared';
import { normalizeRole } from '@roundup/shared';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { phoneCodesRepo } from './phone-codes-repo';

export type UserRow = typeof schema.users.$inferSelect;

/** The notification columns and the product.md#stored names they carry. */
export const NOTIFICATION_COLUMNS = {
  rsa: 'notifyRsa',
  upcomingRsa: 'notifyUpcomingRsa',
  buyReminderRsa: 'notifyBuyReminderRsa',
  sellRsa: 'notifySellRsa',
  generalRsa: 'notifyGeneralRsa',
  newsletter: 'notifyNewsletter',
  rsaWhatsapp: 'notifyRsaWhatsapp',
  rsaSMS: 'notifyRsaSms',
  rsaEmail: 'notifyRsaEmail',
  buyReminderOpen: 'notifyBuyReminderOpen',
  buyReminderClose: 'notifyBuyReminderClose',
  reconcileDigest: 'notifyReconcileDigest',
  verdicts: 'notifyVerdicts',
} as const satisfies Record<keyof Notifications, keyof UserRow>;

export function notificationsOf(row: UserRow): Notifications {
  const out = {} as Notifications;
  for (const [key, col] of Object.entries(NOTIFICATION_COLUMNS)) out[key as keyof Notifications] = row[col] as boolean;
  return out;
}

export function notificationColumns(n: Partial<Notifications>): Partial<UserRow> {
  const out: Partial<Record<keyof UserRow, boolean>> = {};
  for (const [key, value] of Object.entries(n)) {
    if (typeof value === 'boolean') out[NOTIFICATION_COLUMNS[key as keyof Notifications]] = value;
  }
  return out as Partial<UserRow>;
}

/** Maps a row to the JSON shape of product.md#stored (field names as the spec spells them). */
export function toPublicUser(row: UserRow, referrerUsername: string | null = null): PublicUser {
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    email: row.email,
    phone: row.phone,
    phone_validated: row.phoneValidated,
    email_validated: row.emailValidated,
    role: (normalizeRole(row.role) ?? 'User') as Role,
    stripeCustomerId: row.stripeCustomerId,
    stripeSubscriptionId: row.stripeSubscriptionId,
    subscriptionTier: row.subscriptionTier,
    referrer: referrerUsername,
    createdDate: row.createdDate.toISOString(),
    last_login_date: row.lastLoginDate ? row.lastLoginDate.toISOString() : null,
    memberSince: row.memberSince ? row.memberSince.toISOString() : null,
    notifications: notificationsOf(row),
    timeZone: row.timeZone,
    ...(row.pendingEmail ? { pending_email: row.pendingEmail } : {}),
  };
}

const matching = (q: string | undefined) => {
  const term = q?.trim();
  const u = schema.users;
  return term ? or(ilike(u.username, `%${escapeLike(term)}%`), ilike(u.email, `%${escapeLike(term)}%`)) : undefined;
};

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Reads of the members' rows. */
function userReads(db: Db) {
  const u = schema.users;
  return {
    async byId(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(u).where(eq(u.id, id)).limit(1);
      return row;
    },
    async byEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(u)
        .where(sql`lower(${u.email}) = lower(${email})`)
        .limit(1);
      return row;
    },
    /** Users whose username or email contains `q`, newest first (the admin list). */
    async search(q: string | undefined, limit: number, offset = 0): Promise<UserRow[]> {
      return db.select().from(u).where(matching(q)).orderBy(desc(u.createdDate), desc(u.id)).limit(limit).offset(offset);
    },
    /** All users, or those `search` finds for `q`. */
    async count(q?: string): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(u)
        .where(matching(q));
      return Number(r?.n ?? 0);
    },
    async username(id: string | null): Promise<string | null> {
      if (!id) return null;
      const [row] = await db.select({ username: u.username }).from(u).where(eq(u.id, id)).limit(1);
      return row?.username ?? null;
    },
    /** Usernames by id, for lists that show who did something (unknown ids are left out). */
    async usernames(ids: readonly (string | null)[]): Promise<Map<string, string>> {
      const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
      if (wanted.length === 0) return new Map();
      const rows = await db.select({ id: u.id, username: u.username }).from(u).where(inArray(u.id, wanted));
      return new Map(rows.map((r) => [r.id, r.username]));
    },
    /** Enabled admins' addresses (operator notices such as new discovery proposals). */
    async adminEmails(): Promise<string[]> {
      const rows = await db
        .select({ email: u.email })
        .from(u)
        .where(and(eq(u.role, 'Admin'), eq(u.disabled, false)))
        .orderBy(asc(u.createdDate));
      return rows.map((r) => r.email);
    },
    /** Members whose record says they have paid access (Pro or Lifetime), for billing's reconciliation. */
    async paidTierIds(): Promise<string[]> {
      const rows = await db
        .select({ id: u.id })
        .from(u)
        .where(sql`${u.subscriptionTier} <> 'Starter'`);
      return rows.map((r) => r.id);
    },
    /** The members a member referred, oldest first. */
    async referralsOf(referrerId: string) {
      return db
        .select({ id: u.id, username: u.username, role: u.role, createdDate: u.createdDate })
        .from(u)
        .where(eq(u.referrerId, referrerId))
        .orderBy(asc(u.createdDate));
    },
    async byUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(u)
        .where(sql`lower(${u.username}) = lower(${username})`)
        .limit(1);
      return row;
    },
    async referrerUsername(row: UserRow): Promise<string | null> {
      if (!row.referrerId) return null;
      const [r] = await db.select({ username: u.username }).from(u).where(eq(u.id, row.referrerId)).limit(1);
      return r?.username ?? null;
    },
  };
}

/** Writes of the members' rows: sign-up, edits, billing's lock and customer id, the feed and unsubscribe reads. */
function userWrites(db: Db) {
  const u = schema.users;
  return {
    async insert(values: typeof u.$inferInsert): Promise<UserRow> {
      const [row] = await db.insert(u).values(values).returning();
      return row;
    },
    async update(id: string, values: Partial<typeof u.$inferInsert>): Promise<UserRow | undefined> {
      const [row] = await db.update(u).set(values).where(eq(u.id, id)).returning();
      return row;
    },
    async updateIfEnabled(id: string, values: Partial<typeof u.$inferInsert>): Promise<UserRow | undefined> {
      const [row] = await db
        .update(u)
        .set(values)
        .where(and(eq(u.id, id), eq(u.disabled, false)))
        .returning();
      return row;
    },

    /** Holds the member's row until the transaction ends (serialises billing changes, decision 009). */
    async lockForUpdate(id: string): Promise<void> {
      await db.select({ id: u.id }).from(u).where(eq(u.id, id)).for('update');
    },
    async idByPaymentCustomer(customerId: string): Promise<string | null> {
      const [row] = await db.select({ id: u.id }).from(u).where(eq(u.stripeCustomerId, customerId)).limit(1);
      return row?.id ?? null;
    },
    /** Stores the payment customer id once; returns the one stored (another request may have won). */
    async setPaymentCustomerOnce(userId: string, customerId: string): Promise<string | null> {
      await db
        .update(u)
        .set({ stripeCustomerId: customerId })
        .where(and(eq(u.id, userId), isNull(u.stripeCustomerId)));
      const [row] = await db.select({ c: u.stripeCustomerId }).from(u).where(eq(u.id, userId)).limit(1);
      return row?.c ?? null;
    },
    async feedOwner(userId: string): Promise<{ role: string; disabled: boolean; nonce: string | null; timeZone: string } | null> {
      const [row] = await db
        .select({ role: u.role, disabled: u.disabled, nonce: u.icalTokenHash, timeZone: u.timeZone })
        .from(u)
        .where(eq(u.id, userId))
        .limit(1);
      return row ?? null;
    },
    /** Turns one notification preference off (an unsubscribe link); false when the member is gone. */
    async turnOff(userId: string, pref: keyof Notifications): Promise<boolean> {
      const rows = await db
        .update(u)
        .set({ [NOTIFICATION_COLUMNS[pref]]: false })
        .where(eq(u.id, userId))
        .returning({ id: u.id });
      return rows.length > 0;
    },
  };
}
/** The users module's tables: members' rows and their phone validation codes (product.md#states). */
export function usersRepo(db: Db) {
  return { ...userReads(db), ...userWrites(db), ...phoneCodesRepo(db) };
}
export type UsersRepo = ReturnType<typeof usersRepo>;
