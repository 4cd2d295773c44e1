import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schema } from '../../db/client';
import { memberRecords, type MembershipFields } from '../users/queries';

export type MembershipRow = typeof schema.memberships.$inferSelect;
export type InvoiceRow = typeof schema.invoices.$inferSelect;
export type SessionRow = typeof schema.checkoutSessions.$inferSelect;
export type NoticeRow = typeof schema.billingNotices.$inferSelect;

/** The member's record (the users module's, read and set through there) and checkout sessions. */
function memberAndSessions(db: Db) {
  const members = memberRecords(db);
  const s = schema.checkoutSessions;
  return {
    transaction: <T>(fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db)),

    // The member's own record belongs to the users module; billing reads and sets it through there.
    user: (id: string) => members.byId(id),
    /** Serialises billing changes per member: held until the transaction ends (decision 009). */
    lockUser: (id: string) => members.lockForUpdate(id),
    userIdByCustomer: (customerId: string) => members.idByPaymentCustomer(customerId),
    paidTierIds: () => members.paidTierIds(),
    /** Stores the customer id once; returns the one stored (another request may have won). */
    setCustomerIdOnce: (userId: string, customerId: string) => members.setPaymentCustomerOnce(userId, customerId),
    setUserMembership: async (userId: string, values: MembershipFields) => {
      await members.setMembership(userId, values);
    },

    async insertSession(values: typeof s.$inferInsert) {
      await db.insert(s).values(values).onConflictDoNothing();
    },
    async session(id: string): Promise<SessionRow | undefined> {
      const [row] = await db.select().from(s).where(eq(s.id, id)).limit(1);
      return row;
    },
    async completeSession(id: string, now: Date) {
      await db
        .update(s)
        .set({ status: 'complete', completedAt: now })
        .where(and(eq(s.id, id), isNull(s.completedAt)));
    },
    async openSessionsOf(userId: string): Promise<SessionRow[]> {
      return db
        .select()
        .from(s)
        .where(and(eq(s.userId, userId), eq(s.status, 'open')))
        .orderBy(desc(s.createdAt));
    },
    async setSessionStatus(id: string, status: string) {
      await db
        .update(s)
        .set({ status })
        .where(and(eq(s.id, id), eq(s.status, 'open')));
    },
  };
}

/** Memberships: subscriptions and lifetime purchases, their replacement and settlement (decision 009). */
function membershipStore(db: Db) {
  const m = schema.memberships;
  const i = schema.invoices;
  return {
    async membership(id: string): Promise<MembershipRow | undefined> {
      const [row] = await db.select().from(m).where(eq(m.id, id)).limit(1);
      return row;
    },
    /** Members with a plan that gives access by our records (a live subscription, an unrefunded Lifetime). */
    async liveMemberIds(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ userId: m.userId })
        .from(m)
        .where(
          sql`(${m.level} = 'pro' and ${m.status} in ('active', 'trialing', 'past_due')) or (${m.level} = 'lifetime' and ${m.status} = 'active' and ${m.refundedAt} is null)`,
        );
      return rows.map((r) => r.userId);
    },
    async membershipsOf(userId: string): Promise<MembershipRow[]> {
      return db.select().from(m).where(eq(m.userId, userId)).orderBy(desc(m.createdAt));
    },
    /** Inserts or refreshes a subscription as the provider describes it (refund marks are kept). */
    async upsertMembership(values: typeof m.$inferInsert) {
      const { id: _id, userId: _u, createdAt: _c, refundedAt: _r, ...rest } = values;
      await db
        .insert(m)
        .values(values)
        .onConflictDoUpdate({ target: m.id, set: { ...rest, updatedAt: sql`now()` } });
    },
    /** A lifetime purchase is recorded once; later changes come only from refunds. */
    async insertLifetime(values: typeof m.$inferInsert) {
      await db.insert(m).values(values).onConflictDoNothing();
    },
    async clearMembershipRefund(id: string) {
      await db.update(m).set({ refundedAt: null }).where(eq(m.id, id));
    },
    /** A plan marked to be cancelled that must stay after all (a renewal was paid since its refund). */
    async unsupersede(id: string) {
      await db
        .update(m)
        .set({ supersededAt: null, supersededReason: null, refundDue: null, settledAt: null, refundedAt: null })
        .where(eq(m.id, id));
    },
    async markMembershipRefunded(id: string, now: Date, status?: string) {
      await db
        .update(m)
        .set({ refundedAt: now, updatedAt: now, ...(status ? { status } : {}) })
        .where(and(eq(m.id, id), isNull(m.refundedAt)));
    },

    /** Marks a plan as replaced (once): the caller holds the member's lock. */
    async supersede(id: string, values: { reason: string; refundDue: number; now: Date }): Promise<boolean> {
      const rows = await db
        .update(m)
        .set({ supersededAt: values.now, supersededReason: values.reason, refundDue: values.refundDue, updatedAt: values.now })
        .where(and(eq(m.id, id), isNull(m.supersededAt)))
        .returning({ id: m.id });
      return rows.length > 0;
    },
    async unsettledOf(userId: string): Promise<MembershipRow[]> {
      return db
        .select()
        .from(m)
        .where(and(eq(m.userId, userId), isNotNull(m.supersededAt), isNull(m.settledAt)));
    },
    /** One settler at a time: claims the settlement (released again if the provider fails). */
    async claimSettlement(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(m)
        .set({ settledAt: now })
        .where(and(eq(m.id, id), isNull(m.settledAt)))
        .returning({ id: m.id });
      return rows.length > 0;
    },
    async releaseSettlement(id: string) {
      await db.update(m).set({ settledAt: null }).where(eq(m.id, id));
    },
    async latestPaidInvoiceOf(membershipId: string): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(i)
        .where(and(eq(i.membershipId, membershipId), eq(i.status, 'paid'), gt(i.amountPaid, 0)))
        .orderBy(desc(sql`coalesce(${i.paidAt}, ${i.createdAt})`))
        .limit(1);
      return row;
    },
  };
}

/** Billing notices, each claimed once for sending. */
function noticeStore(db: Db) {
  const n = schema.billingNotices;
  return {
    async insertNotice(values: typeof n.$inferInsert) {
      await db.insert(n).values(values).onConflictDoNothing();
    },
    async noticesOf(userId: string, limit: number): Promise<NoticeRow[]> {
      return db.select().from(n).where(eq(n.userId, userId)).orderBy(desc(n.createdAt), desc(n.id)).limit(limit);
    },
    async unsentNotices(userId: string): Promise<NoticeRow[]> {
      return db
        .select()
        .from(n)
        .where(and(eq(n.userId, userId), isNull(n.sentAt)))
        .orderBy(asc(n.createdAt));
    },
    /** Claims a notice for sending: true for exactly one caller. */
    async claimNotice(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(n)
        .set({ sentAt: now })
        .where(and(eq(n.id, id), isNull(n.sentAt)))
        .returning({ id: n.id });
      return rows.length > 0;
    },
    async releaseNotice(id: string) {
      await db.update(n).set({ sentAt: null }).where(eq(n.id, id));
    },
  };
}

/** Invoices, and the provider's webhook events claimed once each. */
function invoiceStore(db: Db) {
  const i = schema.invoices;
  const e = schema.webhookEvents;
  return {
    /** Inserts or refreshes an invoice; a failure keeps the time it was first seen, and a payment clears it. */
    async upsertInvoice(values: typeof i.$inferInsert) {
      const { id: _id, userId: _u, amountRefunded: _a, refundedAt: _r, paymentFailedAt: _f, ...rest } = values;
      const failedAt = sql`case when excluded.status = 'paid' then null else coalesce(${i.paymentFailedAt}, excluded.payment_failed_at) end`;
      await db
        .insert(i)
        .values(values)
        .onConflictDoUpdate({ target: i.id, set: { ...rest, paymentFailedAt: failedAt } });
    },
    /** Renewals whose payment failed and that are still unpaid, newest first. */
    async failedInvoicesOf(userId: string): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(i)
        .where(and(eq(i.userId, userId), eq(i.status, 'open'), isNotNull(i.paymentFailedAt)))
        .orderBy(desc(i.createdAt));
    },
    async setInvoicePaymentIntent(id: string, pi: string) {
      await db
        .update(i)
        .set({ paymentIntentId: pi })
        .where(and(eq(i.id, id), isNull(i.paymentIntentId)));
    },
    /** Paid invoices and renewals whose payment failed and is still open, newest first (the Subscription tab). */
    async listedInvoicesOf(userId: string): Promise<InvoiceRow[]> {
      return (
        db
          .select()
          .from(i)
          .where(
            and(
              eq(i.userId, userId),
              sql`((${i.status} = 'paid' and ${i.amountPaid} > 0) or (${i.status} = 'open' and ${i.paymentFailedAt} is not null))`,
            ),
          )
          // Of two invoices of the same instant, the unpaid one first: it is the one to act on.
          .orderBy(desc(i.createdAt), sql`${i.status} = 'paid'`, i.id)
      );
    },
    async invoice(id: string): Promise<InvoiceRow | undefined> {
      const [row] = await db.select().from(i).where(eq(i.id, id)).limit(1);
      return row;
    },
    async invoiceByPaymentIntent(pi: string): Promise<InvoiceRow | undefined> {
      const [row] = await db.select().from(i).where(eq(i.paymentIntentId, pi)).limit(1);
      return row;
    },
    async firstPaidInvoice(userId: string): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(i)
        .where(and(eq(i.userId, userId), eq(i.status, 'paid'), gt(i.amountPaid, 0)))
        .orderBy(asc(sql`coalesce(${i.paidAt}, ${i.createdAt})`))
        .limit(1);
      return row;
    },
    async markInvoiceRefunded(id: string, amount: number, now: Date) {
      await db
        .update(i)
        .set({
          amountRefunded: sql`greatest(${i.amountRefunded}, ${amount})`,
          refundedAt: sql`coalesce(${i.refundedAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(i.id, id));
    },

    async eventSeen(id: string): Promise<boolean> {
      const [row] = await db.select({ id: e.id }).from(e).where(eq(e.id, id)).limit(1);
      return Boolean(row);
    },
    /** Claims an event id; false when it was already handled (or is being handled). */
    async claimEvent(id: string, type: string): Promise<boolean> {
      const rows = await db.insert(e).values({ id, type }).onConflictDoNothing().returning({ id: e.id });
      return rows.length > 0;
    },
  };
}
/** Billing's tables (checkout_sessions, memberships, invoices, webhook_events, billing_notices), in `db` or a transaction. */
export function billingRepo(db: Db) {
  return { ...memberAndSessions(db), ...membershipStore(db), ...noticeStore(db), ...invoiceStore(db) };
}
export type BillingRepo = ReturnType<typeof billingRepo>;
