import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { todayInMarket } from '@roundup/shared';
import type { AppConfig } from '../env';
import { hashPassword } from '../lib/passwords';
import type { Database } from './client';
import { schema } from './client';
import { HISTORICAL_SPLITS, SEED_BROKERS, SEED_FAQS, demoUpcomingSplits, type SeedSplit } from './seed-data';

export interface SeedLogin {
  role: string;
  email: string;
  password: string;
}

export interface SeedResult {
  /** Logins created by this run (passwords are only known now). */
  logins: SeedLogin[];
  inserted: { brokers: number; faqs: number; splits: number; users: number };
}

export const DEMO_USERS = [
  { username: 'demo_starter', email: 'starter@roundup.local', password: 'starter-demo-pass', role: 'User', tier: 'Starter' },
  { username: 'demo_pro', email: 'pro@roundup.local', password: 'pro-demo-pass', role: 'Pro', tier: 'Pro' },
] as const;

const money = (n: number) => n.toFixed(4);

function splitValues(s: SeedSplit) {
  return { ...s, price: money(s.price), estProfit: money(s.estProfit), avgProfit: money(s.avgProfit) };
}

/**
 * Idempotent seed (`npm run seed`; runs at start on an empty database):
 * brokers, FAQs and historical splits always; demo splits and users unless
 * SEED_DEMO=false; the admin from ADMIN_EMAIL/ADMIN_PASSWORD or generated.
 */
export async function seed(database: Database, config: AppConfig, now: Date = new Date()): Promise<SeedResult> {
  const { db } = database;
  const result: SeedResult = { logins: [], inserted: { brokers: 0, faqs: 0, splits: 0, users: 0 } };

  for (const b of SEED_BROKERS) {
    const [exists] = await db
      .select({ id: schema.brokers.id })
      .from(schema.brokers)
      .where(eq(schema.brokers.name, b.name))
      .limit(1);
    if (!exists) {
      await db.insert(schema.brokers).values(b);
      result.inserted.brokers += 1;
    }
  }
  for (const f of SEED_FAQS) {
    const [exists] = await db
      .select({ id: schema.faqs.id })
      .from(schema.faqs)
      .where(eq(schema.faqs.question, f.question))
      .limit(1);
    if (!exists) {
      await db.insert(schema.faqs).values(f);
      result.inserted.faqs += 1;
    }
  }
  const splits = [...HISTORICAL_SPLITS, ...(config.SEED_DEMO ? demoUpcomingSplits(todayInMarket(now)) : [])];
  // Demo splits are placed around the day the seed first ran; later runs do not add a second set.
  const [{ demoCount }] = await db
    .select({ demoCount: count() })
    .from(schema.reverseSplits)
    .where(sql`${schema.reverseSplits.notes} like '%Fictional demo split%'`);
  for (const s of splits) {
    const isDemo = s.notes.includes('Fictional demo split');
    if (isDemo && demoCount > 0) continue;
    const [exists] = await db
      .select({ id: schema.reverseSplits.id })
      .from(schema.reverseSplits)
      .where(and(eq(schema.reverseSplits.ticker, s.ticker), eq(schema.reverseSplits.effDate, s.effDate)))
      .limit(1);
    if (!exists) {
      await db.insert(schema.reverseSplits).values(splitValues(s));
      result.inserted.splits += 1;
    }
  }

  const adminEmail = config.ADMIN_EMAIL ?? 'admin@roundup.local';
  const [admin] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(sql`lower(${schema.users.email}) = lower(${adminEmail})`)
    .limit(1);
  if (!admin) {
    const password = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
    await db.insert(schema.users).values({
      username: 'admin',
      email: adminEmail,
      passwordHash: await hashPassword(password, config.passwordCost),
      role: 'Admin',
      subscriptionTier: 'Lifetime',
      emailValidated: true,
      memberSince: now,
    });
    result.inserted.users += 1;
    result.logins.push({ role: 'Admin', email: adminEmail, password: config.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : password });
  }
  if (config.SEED_DEMO) {
    for (const d of DEMO_USERS) {
      const [exists] = await db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(sql`lower(${schema.users.email}) = ${d.email}`)
        .limit(1);
      if (exists) continue;
      await db.insert(schema.users).values({
        username: d.username,
        email: d.email,
        passwordHash: await hashPassword(d.password, config.passwordCost),
        role: d.role,
        // The demo Pro has no membership: its Pro is granted, as an admin's would be.
        grantedRole: d.role === 'Pro' ? 'Pro' : null,
        subscriptionTier: d.tier,
        emailValidated: true,
        memberSince: d.tier === 'Starter' ? null : now,
      });
      result.inserted.users += 1;
      result.logins.push({ role: d.role === 'User' ? 'Starter' : d.role, email: d.email, password: d.password });
    }
  }
  return result;
}

export async function isEmpty(database: Database): Promise<boolean> {
  const [{ n }] = await database.db.select({ n: count() }).from(schema.users);
  return n === 0;
}

export function formatLogins(logins: SeedLogin[]): string {
  return logins.map((l) => `  ${l.role.padEnd(8)} ${l.email.padEnd(28)} ${l.password}`).join('\n');
}
