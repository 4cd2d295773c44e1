import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { inList } from './util';
import { ROLES } from '@roundup/shared';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** A new address the member asked for; it replaces `email` once its link is opened. */
    pendingEmail: text('pending_email'),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    phoneValidated: boolean('phone_validated').notNull().default(false),
    emailValidated: boolean('email_validated').notNull().default(false),
    role: text('role').notNull().default('User'),
    /** A role an admin gave by hand (Member or Pro): billing never lowers the member below it. */
    grantedRole: text('granted_role'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    subscriptionTier: text('subscription_tier').notNull().default('Starter'),
    memberSince: timestamp('member_since', { withTimezone: true }),
    referrerId: uuid('referrer_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    disabled: boolean('disabled').notNull().default(false),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    lastLoginDate: timestamp('last_login_date', { withTimezone: true }),
    // Notification preferences (product.md#stored Notifications), one column each so fan-out can filter in SQL.
    notifyRsa: boolean('notify_rsa').notNull().default(true),
    notifyUpcomingRsa: boolean('notify_upcoming_rsa').notNull().default(true),
    notifyBuyReminderRsa: boolean('notify_buy_reminder_rsa').notNull().default(true),
    notifySellRsa: boolean('notify_sell_rsa').notNull().default(true),
    notifyGeneralRsa: boolean('notify_general_rsa').notNull().default(true),
    notifyNewsletter: boolean('notify_newsletter').notNull().default(true),
    notifyRsaWhatsapp: boolean('notify_rsa_whatsapp').notNull().default(false),
    notifyRsaSms: boolean('notify_rsa_sms').notNull().default(false),
    notifyRsaEmail: boolean('notify_rsa_email').notNull().default(true),
    /** Which buy-day reminders: at the open, an hour before the close. */
    notifyBuyReminderOpen: boolean('notify_buy_reminder_open').notNull().default(true),
    notifyBuyReminderClose: boolean('notify_buy_reminder_close').notNull().default(true),
    /** The weekly reconciliation digest email (decision 031): opt-in. */
    notifyReconcileDigest: boolean('notify_reconcile_digest').notNull().default(false),
    /** A split's verdict at the member's broker while their round-up there is pending (decision 044): on by default. */
    notifyVerdicts: boolean('notify_verdicts').notNull().default(true),
    /** The member's own time zone (IANA name): deadlines show in New York time and in this one. */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    /** Hash of the secret that names the member's iCal feed; null = no feed. */
    icalTokenHash: text('ical_token_hash'),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_ical_token_uq').on(t.icalTokenHash),
    index('users_referrer_idx').on(t.referrerId),
    check('users_role_ck', inList(t.role, ROLES)),
    check('users_granted_role_ck', sql`${t.grantedRole} is null or ${t.grantedRole} in ('Member', 'Pro')`),
  ],
);

/** Bearer sessions: opaque tokens stored as hashes (product.md#api-contract). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Single-use tickets to open the event stream with EventSource (which cannot send headers): stored as
 * HMACs, bound to the session that asked, valid for a minute.
 */
export const eventTickets = pgTable(
  'event_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('event_tickets_expires_idx').on(t.expiresAt)],
);

/** Single-use codes sent by email: verification and password reset. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The address a verification link was sent to; it verifies only while the member still owns or awaits it. */
    email: text('email'),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId), check('email_tokens_purpose_ck', inList(t.purpose, ['verify', 'reset']))],
);

/** SMS one-time codes for phone validation (product.md#states). */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [index('phone_codes_user_idx').on(t.userId), index('phone_codes_phone_idx').on(t.phone)],
);

/** Who did what, for admin writes (issue: admin audit log). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_action_created_idx').on(t.action, t.createdAt.desc()),
  ],
);
