import { sql, type SQL } from 'drizzle-orm';
import type { Notifications } from '@roundup/shared';
import type { Db } from '../../db/client';
import { memberRecords } from '../users/queries';
import { PLANS, PRO_ROLES, type EventKind, type PersonalChannel, type Recipient } from './rules';

/** SQL column of each preference (product.md §3 names → users columns). */
const PREF_COLUMN: Record<keyof Notifications, string> = {
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
export const prefColumn = (key: keyof Notifications) => PREF_COLUMN[key];

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

async function rows<T>(db: Db, q: SQL): Promise<T[]> {
  const res = (await db.execute(q)) as unknown as { rows?: T[] } | T[];
  return (Array.isArray(res) ? res : (res.rows ?? [])) as T[];
}

export interface ClaimedDelivery {
  id: string;
  idem_key: string;
  user_id: string | null;
  channel: 'email' | 'sms' | 'whatsapp' | 'discord';
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
}

export interface SplitNow {
  id: string;
  status: string | null;
  archived: boolean;
}

/** The users columns a Recipient is read from (role, status, addresses, every preference). */
const RECIPIENT_COLUMNS = `u.role as u_role, u.disabled as u_disabled, u.email as u_email, u.email_validated as u_email_validated, u.phone as u_phone, u.phone_validated as u_phone_validated, ${Object.values(
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
  };
}

/**
 * The SQL form of PLANS for one channel (rules.ts ineligibility() is the same rule for one user):
 * the conditions a users row `u` must meet to get `kind` on `channel`.
 */
function audienceConditions(kind: EventKind, channel: PersonalChannel, proOnlyAudience?: boolean): SQL[] {
  const plan = PLANS[kind];
  const conds: SQL[] = [sql`u.disabled = false`];
  if (plan.proOnly || proOnlyAudience) conds.push(sql.raw(`u.role in (${PRO_ROLES.map((r) => `'${r}'`).join(', ')})`));
  if (plan.pref) conds.push(sql.raw(`u.${PREF_COLUMN[plan.pref]}`));
  const chPref = plan.channels[channel];
  if (chPref) conds.push(sql.raw(`u.${PREF_COLUMN[chPref]}`));
  if (channel === 'email') conds.push(sql`u.email_validated`);
  else conds.push(sql`u.phone is not null and u.phone_validated`);
  return conds;
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

export interface SellCandidate {
  user_id: string;
  email: string;
  email_validated: boolean;
  phone: string | null;
  phone_validated: boolean;
  role: string;
  disabled: boolean;
  ticker: string;
  nickname: string;
  broker: string;
  eff_date: string;
  share_return_time: number | null;
  [pref: string]: unknown;
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
    select c.payload->>'splitId' as id where c.kind in ('rsa', 'upcomingRsa')
    union all
    select e->>'splitId' from jsonb_array_elements(case when c.kind = 'buyReminder' and jsonb_typeof(c.payload->'splits') = 'array' then c.payload->'splits' else '[]'::jsonb end) e
  ) v`;

const SPLIT_FIELDS = sql`id::text as "splitId", name, ticker, ratio, to_char(buy_date, 'YYYY-MM-DD') as "buyDate",
  to_char(eff_date, 'YYYY-MM-DD') as "effDate", price::text as price, est_profit::text as "estProfit", status`;

export function notificationsRepo(db: Db) {
  return {
    /** Deliveries waiting (queued or sending) and the age in seconds of the oldest one that is due. */
    async queueStats(now: Date): Promise<{ depth: number; oldestAgeSeconds: number }> {
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
    },
    /** Creates the event; null when an event with this key already exists (raised before). */
    async createEvent(
      tx: Db,
      key: string,
      kind: EventKind,
      payload: unknown,
      now: Date,
      fanout: { pending: boolean; proOnlyAudience?: boolean } = { pending: false },
    ): Promise<string | null> {
      const r = await rows<{ id: string }>(
        tx,
        sql`insert into notification_events (key, kind, payload, created_at, fanout_pending, pro_only_audience)
            values (${key}, ${kind}, ${JSON.stringify(payload)}::jsonb, ${ts(now)}, ${fanout.pending}, ${fanout.proOnlyAudience ?? false})
            on conflict (key) do nothing returning id`,
      );
      return r[0]?.id ?? null;
    },

    /**
     * Set-based fan-out in the caller's transaction: one INSERT … SELECT per channel over the users
     * the plan selects (100,000 rows in one statement). Returns the number of deliveries queued.
     */
    async fanOut(
      tx: Db,
      input: {
        eventId: string;
        eventKey: string;
        kind: EventKind;
        now: Date;
        proOnlyAudience?: boolean;
        range?: { after: string | null; upTo: string };
      },
    ): Promise<number> {
      const plan = PLANS[input.kind];
      let total = 0;
      for (const channel of Object.keys(plan.channels) as PersonalChannel[]) {
        const conds = audienceConditions(input.kind, channel, input.proOnlyAudience);
        if (input.range) {
          if (input.range.after) conds.push(sql`u.id > ${input.range.after}::uuid`);
          conds.push(sql`u.id <= ${input.range.upTo}::uuid`);
        }
        const recipient = channel === 'email' ? sql`u.email` : sql`u.phone`;
        const r = await rows<{ n: number }>(
          tx,
          sql`with ins as (
                insert into notification_deliveries (idem_key, event_id, user_id, channel, recipient, next_attempt_at, created_at, updated_at)
                select ${input.eventKey} || ':' || u.id::text || ${':' + channel}, ${input.eventId}::uuid, u.id, ${channel}, ${recipient}, ${ts(input.now)}, ${ts(input.now)}, ${ts(input.now)}
                from users u where ${sql.join(conds, sql` and `)}
                on conflict (idem_key) do nothing returning 1)
              select count(*)::int as n from ins`,
        );
        total += Number(r[0]?.n ?? 0);
      }
      return total;
    },

    /**
     * Who an event of `kind` would reach now, by the fan-out's own conditions: members reached on at
     * least one channel, and messages per channel. One pass over users.
     */
    async audience(
      tx: Db,
      kind: EventKind,
      proOnlyAudience?: boolean,
    ): Promise<{ recipients: number; channels: Record<PersonalChannel, number> }> {
      const channels = Object.keys(PLANS[kind].channels) as PersonalChannel[];
      const match = (ch: PersonalChannel) => sql`(${sql.join(audienceConditions(kind, ch, proOnlyAudience), sql` and `)})`;
      const perChannel = channels.map((ch) => sql`count(*) filter (where ${match(ch)})::int as ${sql.identifier(ch)}`);
      const r = await rows<Record<string, number>>(
        tx,
        sql`select count(*) filter (where ${sql.join(channels.map(match), sql` or `)})::int as recipients, ${sql.join(perChannel, sql`, `)} from users u`,
      );
      const row = r[0] ?? {};
      return {
        recipients: Number(row.recipients ?? 0),
        channels: { email: Number(row.email ?? 0), sms: Number(row.sms ?? 0), whatsapp: Number(row.whatsapp ?? 0) },
      };
    },

    /** The oldest event whose fan-out is not finished, locked for this worker (skipped by others). */
    async lockPendingFanout(
      tx: Db,
    ): Promise<{ id: string; key: string; kind: EventKind; cursor: string | null; pro_only: boolean } | null> {
      const r = await rows<{ id: string; key: string; kind: EventKind; cursor: string | null; pro_only: boolean }>(
        tx,
        sql`select id::text as id, key, kind, fanout_cursor::text as cursor, pro_only_audience as pro_only from notification_events
            where fanout_pending order by created_at limit 1 for update skip locked`,
      );
      return r[0] ?? null;
    },

    /** The last user id of the next chunk after `after` (ordered by id), or null when none is left. */
    async chunkEnd(tx: Db, after: string | null, size: number): Promise<string | null> {
      const where = after ? sql`where id > ${after}::uuid` : sql``;
      const r = await rows<{ last: string | null }>(
        tx,
        sql`select id::text as last from (select id from users ${where} order by id limit ${size}) c order by id desc limit 1`,
      );
      return r[0]?.last ?? null;
    },

    async advanceFanout(tx: Db, eventId: string, cursor: string | null, now: Date): Promise<void> {
      if (cursor)
        await tx.execute(sql`update notification_events set fanout_cursor = ${cursor}::uuid where id = ${eventId}::uuid`);
      else
        await tx.execute(
          sql`update notification_events set fanout_pending = false, fanout_done_at = ${ts(now)} where id = ${eventId}::uuid`,
        );
    },

    /** Individual deliveries (sell reminders, Discord). */
    async insertDeliveries(
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
    },

    async split(tx: Db, splitId: string) {
      const r = await rows<Record<string, unknown>>(
        tx,
        sql`select ${SPLIT_FIELDS} from reverse_splits where id = ${splitId}::uuid`,
      );
      return r[0] ?? null;
    },

    async splitsBuyingOn(date: string) {
      return rows<Record<string, unknown>>(
        db,
        // Only public, live splits are reminded of (Approved ones are not public; archived ones are gone).
        sql`select ${SPLIT_FIELDS} from reverse_splits where buy_date = ${date}::date and status = 'Upcoming' and archived_at is null order by ticker`,
      );
    },

    /** Open positions (a recorded buy, no sell) whose split took effect in the last few weeks, with their owners. */
    async openPositions(date: string): Promise<SellCandidate[]> {
      const prefs = Object.values(PREF_COLUMN)
        .map((c) => `u.${c}`)
        .join(', ');
      return rows<SellCandidate>(
        db,
        sql`select u.id::text as user_id, u.email, u.email_validated, u.phone, u.phone_validated, u.role, u.disabled, ${sql.raw(prefs)},
              t.ticker, a.nickname, a.broker, to_char(s.eff_date, 'YYYY-MM-DD') as eff_date,
              coalesce(b.share_return_time, nb.share_return_time) as share_return_time
            from trades t
            join accounts a on a.id = t.account_id
            join reverse_splits s on s.id = t.split_id
            join users u on u.id = t.user_id
            left join brokers b on b.id = a.broker_id
            left join lateral (select share_return_time from brokers x where a.broker_id is null and lower(x.name) = lower(a.broker) limit 1) nb on true
            where t.sell_date is null and (t.buy_date is not null or t.buy_price is not null)
              and s.eff_date between ${date}::date - 15 and ${date}::date
            order by u.id, a.position, t.ticker`,
      );
    },

    /**
     * Claims up to `limit` due deliveries (queued and due, or stuck in sending past their lease),
     * each with its member's current row (one join in the same statement), so the worker can
     * re-check eligibility before sending without a query per message.
     */
    async claim(now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
      const r = await rows<Record<string, unknown>>(
        db,
        sql`with claimed as (
              update notification_deliveries d
                set status = 'sending', attempts = d.attempts + 1, locked_until = ${ts(new Date(now.getTime() + leaseMs))}, updated_at = ${ts(now)}
              from notification_events e
              where e.id = d.event_id and d.id in (
                select id from notification_deliveries
                where (status = 'queued' and next_attempt_at <= ${ts(now)}) or (status = 'sending' and locked_until < ${ts(now)})
                order by next_attempt_at
                limit ${limit}
                for update skip locked)
              returning d.id, d.idem_key, d.user_id, d.channel, d.recipient, d.data, d.attempts, d.next_attempt_at, e.kind, e.payload, e.pro_only_audience)
            select c.id::text as id, c.idem_key, c.user_id::text as user_id, c.channel, c.recipient, c.data, c.attempts, c.kind, c.payload,
              c.pro_only_audience as pro_only, ${sql.raw(RECIPIENT_COLUMNS)}, sp.splits
            from claimed c left join users u on u.id = c.user_id
            -- The splits named in the payload (SPLIT_IDS_SQL), each as it is now; a deleted one has no row.
            left join lateral (
              select coalesce(jsonb_agg(jsonb_build_object('id', x.id, 'status', s.status, 'archived', s.archived_at is not null)), '[]'::jsonb) as splits
              from (${sql.raw(SPLIT_IDS_SQL)}) x
              left join reverse_splits s on s.id = x.uid
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
        })),
      }));
    },

    /** Deliveries not sent because the member or the split is no longer eligible (the reason is kept in `error` for the log). */
    async markSkipped(skipped: { id: string; reason: string }[], now: Date): Promise<void> {
      if (skipped.length === 0) return;
      const json = JSON.stringify(skipped.map((d) => ({ id: d.id, r: d.reason })));
      await db.execute(
        sql`update notification_deliveries d
              set status = 'skipped', error = v.r, updated_at = ${ts(now)}, locked_until = null
            from jsonb_to_recordset(${json}::jsonb) as v(id uuid, r text)
            where d.id = v.id and d.status = 'sending'`,
      );
    },

    /** `recipient`: where it actually went (the member's current address), when known. */
    async markSent(done: { id: string; providerId: string; recipient?: string }[], now: Date): Promise<void> {
      if (done.length === 0) return;
      const json = JSON.stringify(done.map((d) => ({ id: d.id, p: d.providerId, r: d.recipient ?? null })));
      await db.execute(
        sql`update notification_deliveries d
              set status = 'sent', provider_id = v.p, recipient = coalesce(v.r, d.recipient), sent_at = ${ts(now)}, updated_at = ${ts(now)}, locked_until = null, error = null
            from jsonb_to_recordset(${json}::jsonb) as v(id uuid, p text, r text)
            where d.id = v.id and d.status = 'sending'`,
      );
    },

    /** A failed try: queued again at `retryAt`, or failed for good when retryAt is null. */
    async markFailed(id: string, error: string, now: Date, retryAt: Date | null): Promise<void> {
      await db.execute(
        sql`update notification_deliveries
              set status = ${retryAt ? 'queued' : 'failed'}, error = ${error.slice(0, 500)}, next_attempt_at = ${ts(retryAt ?? now)},
                  locked_until = null, updated_at = ${ts(now)}
            where id = ${id}::uuid and status = 'sending'`,
      );
    },

    async list(filter: { status?: string; limit: number }): Promise<DeliveryRow[]> {
      const where = filter.status ? sql`where d.status = ${filter.status}` : sql``;
      return rows<DeliveryRow>(
        db,
        sql`select d.id::text as id, d.idem_key, d.user_id::text as user_id, u.username, d.channel, d.recipient, d.status, d.attempts,
              d.provider_id, d.error, e.kind, to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
              to_char(d.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as sent_at
            from notification_deliveries d join notification_events e on e.id = d.event_id left join users u on u.id = d.user_id
            ${where} order by d.created_at desc, d.id limit ${filter.limit}`,
      );
    },

    async counts(): Promise<Record<string, number>> {
      const r = await rows<{ status: string; n: number }>(
        db,
        sql`select status, count(*)::int as n from notification_deliveries group by status`,
      );
      return Object.fromEntries(r.map((x) => [x.status, Number(x.n)]));
    },

    /** An admin retry of a failed delivery: queued now with a fresh attempt count. */
    async retry(id: string, now: Date): Promise<boolean> {
      const r = await rows<{ id: string }>(
        db,
        sql`update notification_deliveries set status = 'queued', attempts = 0, next_attempt_at = ${ts(now)}, error = null, updated_at = ${ts(now)}
            where id = ${id}::uuid and status = 'failed' returning id::text as id`,
      );
      return r.length > 0;
    },

    /** True the first time a schedule key is claimed (one run per job and market date, across workers). */
    async claimRun(key: string, now: Date): Promise<boolean> {
      const r = await rows<{ key: string }>(
        db,
        sql`insert into scheduled_runs (key, ran_at) values (${key}, ${ts(now)}) on conflict (key) do nothing returning key`,
      );
      return r.length > 0;
    },

    // Member records belong to the users module.
    userExists: async (userId: string): Promise<boolean> => Boolean(await memberRecords(db).byId(userId)),
    turnOff: (userId: string, pref: keyof Notifications): Promise<boolean> => memberRecords(db).turnOffPreference(userId, pref),

    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => fn(tx as unknown as Db));
    },
  };
}
export type NotificationsRepo = ReturnType<typeof notificationsRepo>;
