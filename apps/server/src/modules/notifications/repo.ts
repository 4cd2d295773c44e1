import { sql } from 'drizzle-orm';
import type { Notifications } from '@roundup/shared';
import type { Db } from '../../db/client';
import { accountsRelation } from '../accounts/queries';
import { brokersRelation } from '../brokers/queries';
import { splitsRelation } from '../splits/queries';
import { tradesRelation } from '../trades/queries';
import { memberRecords, membersRelation } from '../users/queries';
import { deliveryQueue, withDb } from './delivery-repo';
import { advanceFanout, eventAudience, fanOutEvent, fanoutChunkEnd, lockPendingFanout, reachableByEmail } from './fanout-repo';
import { PREF_COLUMN, rows, ts } from './sql-repo';

export type { ClaimedDelivery, DeliveryRow, SplitNow } from './delivery-repo';
export type { PendingFanout } from './fanout-repo';
import type { EventKind } from './rules';

export const prefColumn = (key: keyof Notifications) => PREF_COLUMN[key];

export interface SellCandidate {
  user_id: string;
  email: string;
  email_validated: boolean;
  phone: string | null;
  phone_validated: boolean;
  role: string;
  disabled: boolean;
  ticker: string;
  split_id: string;
  nickname: string;
  broker: string;
  eff_date: string;
  share_return_time: number | null;
  [pref: string]: unknown;
}

const SPLIT_FIELDS = sql`id::text as "splitId", name, ticker, ratio, to_char(buy_date, 'YYYY-MM-DD') as "buyDate",
  to_char(eff_date, 'YYYY-MM-DD') as "effDate", price::text as price, est_profit::text as "estProfit", status, exchange,
  rs_type as "rsType", participant, caution`;

/** Creates the event; null when an event with this key already exists (raised before). */
export async function createEvent(
  tx: Db,
  key: string,
  kind: EventKind,
  payload: unknown,
  now: Date,
  fanout: { pending: boolean; proOnlyAudience?: boolean; hold?: { until: Date; splitId: string } } = { pending: false },
): Promise<string | null> {
  const hold = fanout.hold;
  const r = await rows<{ id: string }>(
    tx,
    sql`insert into notification_events (key, kind, payload, created_at, fanout_pending, pro_only_audience, release_at, split_id)
        values (${key}, ${kind}, ${JSON.stringify(payload)}::jsonb, ${ts(now)}, ${fanout.pending}, ${fanout.proOnlyAudience ?? false},
          ${hold ? ts(hold.until) : null}, ${hold?.splitId ?? null}::uuid)
        on conflict (key) do nothing returning id`,
  );
  return r[0]?.id ?? null;
}

/** A held event's deliveries wait for its release (the worker claims only what is due). */
export async function holdDeliveries(tx: Db, eventId: string, until: Date): Promise<void> {
  await tx.execute(
    sql`update notification_deliveries set next_attempt_at = ${ts(until)} where event_id = ${eventId}::uuid and status = 'queued'`,
  );
}

/**
 * Removes a split's alerts still inside their grace period (their deliveries go with them, on cascade),
 * so the same keys can be raised again with new terms. Returns the kinds removed.
 */
export async function cancelHeldAlerts(tx: Db, splitId: string, now: Date): Promise<EventKind[]> {
  const r = await rows<{ kind: EventKind }>(
    tx,
    sql`delete from notification_events where split_id = ${splitId}::uuid and release_at > ${ts(now)} returning kind`,
  );
  return r.map((x) => x.kind);
}

/** The kinds of the split's events still inside their grace period (read only: the split form's preview). */
export async function heldAlertKinds(tx: Db, splitId: string, now: Date): Promise<EventKind[]> {
  const r = await rows<{ kind: EventKind }>(
    tx,
    sql`select kind from notification_events where split_id = ${splitId}::uuid and release_at > ${ts(now)}`,
  );
  return r.map((x) => x.kind);
}

/** Individual deliveries (sell reminders, Discord). */
export async function insertDeliveries(
  tx: Db,
  list: { idemKey: string; eventId: string; userId: string | null; channel: string; recipient: string; data?: unknown }[],
  now: Date,
): Promise<number> {
  if (list.length === 0) return 0;
  const json = JSON.stringify(
    list.map((d) => ({ k: d.idemKey, e: d.eventId, u: d.userId, c: d.channel, r: d.recipient, d: d.data ?? null })),
  );
  const r = await rows<{ n: number }>(
    tx,
    sql`with ins as (
          insert into notification_deliveries (idem_key, event_id, user_id, channel, recipient, data, next_attempt_at, created_at, updated_at)
          select v.k, v.e, v.u, v.c, v.r, v.d, ${ts(now)}, ${ts(now)}, ${ts(now)}
          from jsonb_to_recordset(${json}::jsonb) as v(k text, e uuid, u uuid, c text, r text, d jsonb)
          on conflict (idem_key) do nothing returning 1)
        select count(*)::int as n from ins`,
  );
  return Number(r[0]?.n ?? 0);
}

export async function splitForEvent(tx: Db, splitId: string) {
  const r = await rows<Record<string, unknown>>(
    tx,
    sql`select ${SPLIT_FIELDS} from ${splitsRelation} s where id = ${splitId}::uuid`,
  );
  return r[0] ?? null;
}

export async function splitsBuyingOn(db: Db, date: string) {
  return rows<Record<string, unknown>>(
    db,
    // Only public, live splits are reminded of (Approved ones are not public; archived ones are gone).
    sql`select ${SPLIT_FIELDS} from ${splitsRelation} s where buy_date = ${date}::date and status = 'Upcoming' and archived_at is null order by ticker`,
  );
}

/** Open positions (a recorded buy, no sell) in active accounts whose split took effect in the last few weeks, with their owners. */
export async function openPositions(db: Db, date: string): Promise<SellCandidate[]> {
  const prefs = Object.values(PREF_COLUMN)
    .map((c) => `u.${c}`)
    .join(', ');
  return rows<SellCandidate>(
    db,
    sql`select u.id::text as user_id, u.email, u.email_validated, u.phone, u.phone_validated, u.role, u.disabled, ${sql.raw(prefs)},
          t.ticker, s.id::text as split_id, a.nickname, a.broker, to_char(s.eff_date, 'YYYY-MM-DD') as eff_date,
          coalesce(b.share_return_time, nb.share_return_time) as share_return_time
        from ${tradesRelation} t
        join ${accountsRelation} a on a.id = t.account_id
        join ${splitsRelation} s on s.id = t.split_id
        join ${membersRelation} u on u.id = t.user_id
        left join ${brokersRelation} b on b.id = a.broker_id
        left join lateral (select share_return_time from ${brokersRelation} x where a.broker_id is null and lower(x.name) = lower(a.broker) limit 1) nb on true
        where t.sell_date is null and (t.buy_date is not null or t.buy_price is not null) and a.active
          and s.eff_date between ${date}::date - 15 and ${date}::date
        order by u.id, a.position, t.ticker`,
  );
}

/** True the first time a schedule key is claimed (one run per job and market date, across workers). */
export async function claimScheduledRun(db: Db, key: string, now: Date): Promise<boolean> {
  const r = await rows<{ key: string }>(
    db,
    sql`insert into scheduled_runs (key, ran_at) values (${key}, ${ts(now)}) on conflict (key) do nothing returning key`,
  );
  return r.length > 0;
}

/** The notifications repo: events, their fan-out and deliveries, the schedules' reads (plain functions of `db`). */
export function notificationsRepo(db: Db) {
  return {
    ...deliveryQueue(db),
    createEvent,
    holdDeliveries,
    cancelHeldAlerts,
    heldAlertKinds,
    fanOut: fanOutEvent,
    audience: eventAudience,
    reachableByEmail,
    lockPendingFanout,
    chunkEnd: fanoutChunkEnd,
    advanceFanout,
    insertDeliveries,
    split: splitForEvent,
    splitsBuyingOn: withDb(db, splitsBuyingOn),
    openPositions: withDb(db, openPositions),
    claimRun: withDb(db, claimScheduledRun),

    // Member records belong to the users module.
    userExists: async (userId: string): Promise<boolean> => Boolean(await memberRecords(db).byId(userId)),

    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => fn(tx as unknown as Db));
    },
  };
}
export type NotificationsRepo = ReturnType<typeof notificationsRepo>;
