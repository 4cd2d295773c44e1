import { sql } from 'drizzle-orm';
import type { Notifications } from '@roundup/shared';
import type { Db } from '../../db/client';
import { leaseEnd } from '../../db/lease';
import { splitsRelation } from '../splits/queries';
import { membersRelation } from '../users/queries';
import type { PushDeviceRow } from './push-repo';
import { PREF_COLUMN, rows, ts } from './sql-repo';
import type { EventKind, Recipient } from './rules';

export interface ClaimedDelivery {
  id: string;
  idem_key: string;
  user_id: string | null;
  channel: 'email' | 'sms' | 'whatsapp' | 'discord' | 'push';
  recipient: string;
  data: Record<string, unknown> | null;
  attempts: number;
  kind: EventKind;
  payload: Record<string, unknown>;
  /** The event was sent to Pro members only (an admin SMS to Pro). */
  pro_only: boolean;
  /** The member as they are now (null for Discord), so the worker can re-check eligibility before sending. */
  member: Recipient | null;
  /**
   * The splits the message is about (new/upcoming alerts, buy reminders; empty for the others) as
   * they are now: `status` null when the split was deleted. The worker re-checks them before sending.
   */
  splits: SplitNow[];
  /** A push delivery's device, read by the worker's re-check (push-delivery.ts). */
  device?: PushDeviceRow;
}

export interface SplitNow {
  id: string;
  status: string | null;
  archived: boolean;
  /** The buy-by date and listing, for the re-check of a buy reminder against its deadline. */
  buyDate: string | null;
  exchange: string | null;
}

/** The users columns a Recipient is read from (role, status, addresses, every preference). */
const RECIPIENT_COLUMNS = `u.role as u_role, u.disabled as u_disabled, u.time_zone as u_time_zone, u.email as u_email, u.email_validated as u_email_validated, u.phone as u_phone, u.phone_validated as u_phone_validated, ${Object.values(
  PREF_COLUMN,
)
  .map((c) => `u.${c} as u_${c}`)
  .join(', ')}`;

function recipientFrom(row: Record<string, unknown>): Recipient | null {
  if (row.u_role == null) return null;
  const notifications = {} as Notifications;
  for (const [key, column] of Object.entries(PREF_COLUMN) as [keyof Notifications, string][])
    notifications[key] = Boolean(row[`u_${column}`]);
  return {
    role: String(row.u_role),
    disabled: Boolean(row.u_disabled),
    email: (row.u_email as string | null) ?? null,
    email_validated: Boolean(row.u_email_validated),
    phone: (row.u_phone as string | null) ?? null,
    phone_validated: Boolean(row.u_phone_validated),
    notifications,
    timeZone: (row.u_time_zone as string | null) ?? undefined,
  };
}

/** One member as the channel rules read them (null: no such member), in `db` or the caller's transaction. */
export async function recipientById(db: Db, userId: string): Promise<Recipient | null> {
  const r = await rows<Record<string, unknown>>(
    db,
    sql`select ${sql.raw(RECIPIENT_COLUMNS)} from ${membersRelation} u where u.id = ${userId}::uuid`,
  );
  return r[0] ? recipientFrom(r[0]) : null;
}

export interface DeliveryRow {
  id: string;
  idem_key: string;
  user_id: string | null;
  username: string | null;
  channel: string;
  recipient: string;
  status: string;
  attempts: number;
  provider_id: string | null;
  error: string | null;
  kind: string;
  created_at: string;
  sent_at: string | null;
}

/**
 * The ids of the splits a claimed delivery `c` is about, read from its event's payload (as
 * service.ts raises them): `splitId` of a new/upcoming split alert (members and Discord), each
 * `splits[].splitId` of a buy reminder. Sell reminders name none: they are about the member's own
 * open positions, which may be on archived splits, and still go out. An id that is not a uuid
 * names no split (x.uid null), so it reads as deleted.
 */
const SPLIT_IDS_SQL = `select v.id, case when v.id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then v.id::uuid end as uid
  from (
    select c.payload->>'splitId' as id where c.kind in ('rsa', 'upcomingRsa', 'splitConfirmed')
    union all
    select e->>'splitId' from jsonb_array_elements(case when c.kind in ('buyReminder', 'buyReminderClose') and jsonb_typeof(c.payload->'splits') = 'array' then c.payload->'splits' else '[]'::jsonb end) e
  ) v`;

/** Deliveries waiting (queued or sending) and the age in seconds of the oldest one that is due. */
export async function deliveryQueueStats(db: Db, now: Date): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const r = await rows<{ depth: string | number; oldest: string | Date | null }>(
    db,
    sql`select count(*) as depth, min(next_attempt_at) filter (where next_attempt_at <= ${ts(now)}) as oldest
        from notification_deliveries where status in ('queued', 'sending')`,
  );
  const oldest = r[0]?.oldest ? new Date(r[0].oldest) : null;
  return {
    depth: Number(r[0]?.depth ?? 0),
    oldestAgeSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
  };
}

/**
 * Claims up to `limit` due deliveries (queued and due, or stuck in sending past their lease:
 * those first), each claim adding one to `attempts` (the claim's fencing token, see renewDeliveryLeases),
 * each with its member's current row (one join in the same statement), so the worker can
 * re-check eligibility before sending without a query per message.
 */
export async function claimDeliveries(db: Db, now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const r = await rows<Record<string, unknown>>(
    db,
    sql`with claimed as (
          update notification_deliveries d
            set status = 'sending', attempts = d.attempts + 1, locked_until = ${leaseEnd(leaseMs)}, updated_at = ${ts(now)}
          from notification_events e
          where e.id = d.event_id and d.id in (
            select id from notification_deliveries
            -- Due by the app's clock; a lease lapsed by the database's (db/lease.ts).
            where (status = 'queued' and next_attempt_at <= ${ts(now)}) or (status = 'sending' and locked_until < now())
            -- A lapsed claim (its worker died) first: it is already late, and queued work of the
            -- same fan-out would otherwise go ahead of it.
            order by status = 'sending' desc, next_attempt_at
            limit ${limit}
            for update skip locked)
          returning d.id, d.idem_key, d.user_id, d.channel, d.recipient, d.data, d.attempts, d.next_attempt_at, e.kind, e.payload, e.pro_only_audience)
        select c.id::text as id, c.idem_key, c.user_id::text as user_id, c.channel, c.recipient, c.data, c.attempts, c.kind, c.payload,
          c.pro_only_audience as pro_only, ${sql.raw(RECIPIENT_COLUMNS)}, sp.splits
        from claimed c left join ${membersRelation} u on u.id = c.user_id
        -- The splits named in the payload (SPLIT_IDS_SQL), each as it is now; a deleted one has no row.
        left join lateral (
          select coalesce(jsonb_agg(jsonb_build_object('id', x.id, 'status', s.status, 'archived', s.archived_at is not null,
            'buyDate', to_char(s.buy_date, 'YYYY-MM-DD'), 'exchange', s.exchange)), '[]'::jsonb) as splits
          from (${sql.raw(SPLIT_IDS_SQL)}) x
          left join ${splitsRelation} s on s.id = x.uid
        ) sp on true
        order by c.next_attempt_at`,
  );
  return r.map((row) => ({
    id: row.id as string,
    idem_key: row.idem_key as string,
    user_id: (row.user_id as string | null) ?? null,
    channel: row.channel as ClaimedDelivery['channel'],
    recipient: row.recipient as string,
    data: (row.data as Record<string, unknown> | null) ?? null,
    attempts: Number(row.attempts),
    kind: row.kind as EventKind,
    payload: row.payload as Record<string, unknown>,
    pro_only: Boolean(row.pro_only),
    member: row.user_id ? recipientFrom(row) : null,
    splits: ((row.splits as SplitNow[] | null) ?? []).map((x) => ({
      id: String(x.id),
      status: x.status ?? null,
      archived: Boolean(x.archived),
      buyDate: x.buyDate ?? null,
      exchange: x.exchange ?? null,
    })),
  }));
}

/** Deliveries not sent because the member or the split is no longer eligible (the reason is kept in `error` for the log). */
export async function markDeliveriesSkipped(db: Db, skipped: { id: string; reason: string }[], now: Date): Promise<void> {
  if (skipped.length === 0) return;
  const json = JSON.stringify(skipped.map((d) => ({ id: d.id, r: d.reason })));
  await db.execute(
    sql`update notification_deliveries d
          set status = 'skipped', error = v.r, updated_at = ${ts(now)}, locked_until = null
        from jsonb_to_recordset(${json}::jsonb) as v(id uuid, r text)
        where d.id = v.id and d.status = 'sending'`,
  );
}

/** `recipient`: where it actually went (the member's current address), when known. */
export async function markDeliveriesSent(
  db: Db,
  done: { id: string; providerId: string; recipient?: string }[],
  now: Date,
): Promise<void> {
  if (done.length === 0) return;
  const json = JSON.stringify(done.map((d) => ({ id: d.id, p: d.providerId, r: d.recipient ?? null })));
  await db.execute(
    sql`update notification_deliveries d
          set status = 'sent', provider_id = v.p, recipient = coalesce(v.r, d.recipient), sent_at = ${ts(now)}, updated_at = ${ts(now)}, locked_until = null, error = null
        from jsonb_to_recordset(${json}::jsonb) as v(id uuid, p text, r text)
        where d.id = v.id and d.status = 'sending'`,
  );
}

/**
 * A failed try: queued again at `retryAt`, or failed for good when retryAt is null. Fenced by
 * `attempts` (the value this worker claimed): when the lease lapsed and another worker claimed the
 * delivery again, that worker's claim is left alone.
 */
export async function markDeliveryFailed(
  db: Db,
  id: string,
  attempts: number,
  error: string,
  now: Date,
  retryAt: Date | null,
): Promise<void> {
  await db.execute(
    sql`update notification_deliveries
          set status = ${retryAt ? 'queued' : 'failed'}, error = ${error.slice(0, 500)}, next_attempt_at = ${ts(retryAt ?? now)},
              locked_until = null, updated_at = ${ts(now)}
        where id = ${id}::uuid and status = 'sending' and attempts = ${attempts}`,
  );
}

/**
 * The worker's heartbeat: extends the lease of the deliveries it still holds to `now + leaseMs`.
 * A claim is held while the row is still `sending` with the `attempts` value this worker's claim
 * set (each claim adds one, so it fences out a claim that lapsed and was taken by another worker).
 * Returns the ids still held.
 */
export async function renewDeliveryLeases(
  db: Db,
  held: { id: string; attempts: number }[],
  now: Date,
  leaseMs: number,
): Promise<string[]> {
  if (held.length === 0) return [];
  const json = JSON.stringify(held.map((d) => ({ id: d.id, a: d.attempts })));
  const r = await rows<{ id: string }>(
    db,
    sql`update notification_deliveries d
          set locked_until = ${leaseEnd(leaseMs)}
        from jsonb_to_recordset(${json}::jsonb) as v(id uuid, a int)
        where d.id = v.id and d.status = 'sending' and d.attempts = v.a
        returning d.id::text as id`,
  );
  return r.map((x) => x.id);
}

export async function deliveryLog(db: Db, filter: { status?: string; limit: number }): Promise<DeliveryRow[]> {
  const where = filter.status ? sql`where d.status = ${filter.status}` : sql``;
  return rows<DeliveryRow>(
    db,
    sql`select d.id::text as id, d.idem_key, d.user_id::text as user_id, u.username, d.channel, d.recipient, d.status, d.attempts,
          d.provider_id, d.error, e.kind, to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
          to_char(d.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as sent_at
        from notification_deliveries d join notification_events e on e.id = d.event_id left join ${membersRelation} u on u.id = d.user_id
        ${where} order by d.created_at desc, d.id limit ${filter.limit}`,
  );
}

export async function deliveryCounts(db: Db): Promise<Record<string, number>> {
  const r = await rows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from notification_deliveries group by status`,
  );
  return Object.fromEntries(r.map((x) => [x.status, Number(x.n)]));
}

/** An admin retry of a failed delivery: queued now with a fresh attempt count. */
export async function retryFailedDelivery(db: Db, id: string, now: Date): Promise<boolean> {
  const r = await rows<{ id: string }>(
    db,
    sql`update notification_deliveries set status = 'queued', attempts = 0, next_attempt_at = ${ts(now)}, error = null, updated_at = ${ts(now)}
        where id = ${id}::uuid and status = 'failed' returning id::text as id`,
  );
  return r.length > 0;
}

/** Binds a repo function of `db` to one database. */
export const withDb =
  <A extends unknown[], R>(db: Db, fn: (db: Db, ...args: A) => R) =>
  (...args: A): R =>
    fn(db, ...args);

/** The delivery queue and log (decision 005): claim with a lease, mark the outcome, list, retry. */
export function deliveryQueue(db: Db) {
  return {
    queueStats: withDb(db, deliveryQueueStats),
    claim: withDb(db, claimDeliveries),
    markSkipped: withDb(db, markDeliveriesSkipped),
    markSent: withDb(db, markDeliveriesSent),
    markFailed: withDb(db, markDeliveryFailed),
    renewLeases: withDb(db, renewDeliveryLeases),
    list: withDb(db, deliveryLog),
    counts: withDb(db, deliveryCounts),
    retry: withDb(db, retryFailedDelivery),
  };
}
