import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { membersRelation } from '../users/queries';
import { rows, ts } from './sql-repo';

/** One browser a member turned push alerts on in (table push_subscriptions, decision 026). */
export interface PushDeviceRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  created_at: string;
  last_sent_at: string | null;
}

const DEVICE_COLUMNS = sql.raw(`id::text as id, user_id::text as user_id, endpoint, p256dh, auth, label,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  to_char(last_sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last_sent_at`);

/**
 * The push channel's fan-out: one delivery per (member, device), so each device has its own
 * once-only key, retries and 410 cleanup. `conds` are the plan's conditions on the member `u`.
 */
export async function fanOutPush(tx: Db, input: { eventId: string; eventKey: string; now: Date; conds: SQL[] }): Promise<number> {
  const r = await rows<{ n: number }>(
    tx,
    sql`with ins as (
          insert into notification_deliveries (idem_key, event_id, user_id, channel, recipient, next_attempt_at, created_at, updated_at)
          select ${input.eventKey} || ':' || u.id::text || ':push:' || p.id::text, ${input.eventId}::uuid, u.id, 'push', p.id::text, ${ts(input.now)}, ${ts(input.now)}, ${ts(input.now)}
          from ${membersRelation} u join push_subscriptions p on p.user_id = u.id
          where ${sql.join(input.conds, sql` and `)}
          on conflict (idem_key) do nothing returning 1)
        select count(*)::int as n from ins`,
  );
  return Number(r[0]?.n ?? 0);
}

/** Members' devices: subscribe, unsubscribe, list; the worker's look-up and 410 cleanup. */
export function pushRepo(db: Db) {
  return {
    async byEndpoint(endpoint: string): Promise<PushDeviceRow | null> {
      const r = await rows<PushDeviceRow>(db, sql`select ${DEVICE_COLUMNS} from push_subscriptions where endpoint = ${endpoint}`);
      return r[0] ?? null;
    },

    async ofUser(userId: string): Promise<PushDeviceRow[]> {
      return rows<PushDeviceRow>(
        db,
        sql`select ${DEVICE_COLUMNS} from push_subscriptions where user_id = ${userId}::uuid order by created_at, id`,
      );
    },

    /** Devices of these members (sell reminders are materialised per member and device). */
    async ofUsers(userIds: string[]): Promise<PushDeviceRow[]> {
      if (userIds.length === 0) return [];
      return rows<PushDeviceRow>(
        db,
        sql`select ${DEVICE_COLUMNS} from push_subscriptions where user_id in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::uuid) order by user_id, created_at`,
      );
    },

    async byIds(ids: string[]): Promise<PushDeviceRow[]> {
      const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
      if (uuids.length === 0) return [];
      return rows<PushDeviceRow>(
        db,
        sql`select ${DEVICE_COLUMNS} from push_subscriptions where id in (select jsonb_array_elements_text(${JSON.stringify(uuids)}::jsonb)::uuid)`,
      );
    },

    /**
     * Saves a browser's subscription for `userId`, in one statement: a new endpoint is inserted; the same
     * endpoint again (a double click, a second tab) keeps its row and takes the keys sent; an endpoint held
     * by another member moves only when the request carries that subscription's own keys (the browser
     * proves it holds it). Null when the endpoint is another member's and the keys differ.
     */
    async save(input: { userId: string; endpoint: string; p256dh: string; auth: string; label: string; now: Date }) {
      const r = await rows<PushDeviceRow>(
        db,
        sql`insert into push_subscriptions as p (user_id, endpoint, p256dh, auth, label, created_at)
            values (${input.userId}::uuid, ${input.endpoint}, ${input.p256dh}, ${input.auth}, ${input.label}, ${ts(input.now)})
            on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label
              where p.user_id = excluded.user_id or (p.p256dh = excluded.p256dh and p.auth = excluded.auth)
            returning ${DEVICE_COLUMNS}`,
      );
      return r[0] ?? null;
    },

    /** Removes the member's own device; false when no device of theirs has this endpoint. */
    async remove(userId: string, endpoint: string): Promise<boolean> {
      const r = await rows<{ id: string }>(
        db,
        sql`delete from push_subscriptions where endpoint = ${endpoint} and user_id = ${userId}::uuid returning id::text as id`,
      );
      return r.length > 0;
    },

    async count(userId: string): Promise<number> {
      const r = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from push_subscriptions where user_id = ${userId}::uuid`,
      );
      return Number(r[0]?.n ?? 0);
    },

    /** The push service said the subscription is gone (404/410). */
    async removeGone(id: string): Promise<void> {
      await db.execute(sql`delete from push_subscriptions where id = ${id}::uuid`);
    },

    async markSent(id: string, now: Date): Promise<void> {
      await db.execute(sql`update push_subscriptions set last_sent_at = ${ts(now)} where id = ${id}::uuid`);
    },
  };
}
export type PushRepo = ReturnType<typeof pushRepo>;
