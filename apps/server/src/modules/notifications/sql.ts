import { sql, type SQL } from 'drizzle-orm';
import type { Notifications } from '@roundup/shared';
import type { Db } from '../../db/client';

/** SQL column of each preference (product.md §3 names → users columns). */
export const PREF_COLUMN: Record<keyof Notifications, string> = {
  rsa: 'notify_rsa',
  upcomingRsa: 'notify_upcoming_rsa',
  buyReminderRsa: 'notify_buy_reminder_rsa',
  sellRsa: 'notify_sell_rsa',
  generalRsa: 'notify_general_rsa',
  newsletter: 'notify_newsletter',
  rsaWhatsapp: 'notify_rsa_whatsapp',
  rsaSMS: 'notify_rsa_sms',
  rsaEmail: 'notify_rsa_email',
};

export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function rows<T>(db: Db, q: SQL): Promise<T[]> {
  const res = (await db.execute(q)) as unknown as { rows?: T[] } | T[];
  return (Array.isArray(res) ? res : (res.rows ?? [])) as T[];
}
