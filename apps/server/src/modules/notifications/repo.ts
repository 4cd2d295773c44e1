import { sql, type SQL } from 'drizzle-orm';
import type { Notifications } from '@roundup/shared';
import type { Db } from '../../db/client';
import { accountsRelation } from '../accounts/queries';
import { brokersRelation } from '../brokers/queries';
import { splitsRelation } from '../splits/queries';
import { tradesRelation } from '../trades/queries';
import { memberRecords, membersRelation } from '../users/queries';
import { deliveryQueue } from './delivery-repo';
import { fanOutPush } from './push-repo';
import { PREF_COLUMN, rows, ts } from './sql-repo';

export type { ClaimedDelivery, DeliveryRow, SplitNow } from './delivery-repo';
import { PLANS, PRO_ROLES, type EventKind, type PersonalChannel } from './rules';

export const prefColumn = (key: keyof Notifications) => PREF_COLUMN[key];

/**
 * The SQL form of PLANS for one channel (rules.ts ineligibility() is the same rule for one user):
 * the conditions a users row `u` must meet to get `kind` on `channel`.
 */
function audienceConditions(kind: EventKind, channel: PersonalChannel, proOnlyAudience?: boolean): SQL[] {
  const plan = PLANS[kind];
  const conds: SQL[] = [sql`u.disabled = false`];
  if (plan.proOnly || proOnlyAudience) conds.push(sql.raw(`u.role in (${PRO_ROLES.map((r) => `'${r}'`).join(', ')})`));
  if (plan.pref) conds.push(sql.raw(`u.${PREF_COLUMN[plan.pref]}`));
  if (plan.also) conds.push(sql.raw(`u.${PREF_COLUMN[plan.also]}`));
  const chPref = plan.channels[channel];
  if (chPref) conds.push(sql.raw(`u.${PREF_COLUMN[chPref]}`));
  if (channel === 'email') conds.push(sql`u.email_validated`);
  else if (channel === 'push') conds.push(sql`exists (select 1 from push_subscriptions p where p.user_id = u.id)`);
  else conds.push(sql`u.phone is not null and u.phone_validated`);
  return conds;
}

export interface PendingFanout {
  id: string;
  key: string;
  kind: EventKind;
  payload: Record<string, unknown>;
  cursor: string | null;
  pro_only: boolean;
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

const SPLIT_FIELDS = sql`id::text as "splitId", name, ticker, ratio, to_char(buy_date, 'YYYY-MM-DD') as "buyDate",
  to_char(eff_date, 'YYYY-MM-DD') as "effDate", price::text as price, est_profit::text as "estProfit", status, exchange,
  rs_type as "rsType", participant`;

export function notificationsRepo(db: Db) {
  return {
    ...deliveryQueue(db),
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
        /** Only members holding a trade on this split (terms-changed alerts). */
        holdersOf?: string;
      },
    ): Promise<number> {
      const plan = PLANS[input.kind];
      let total = 0;
      for (const channel of Object.keys(plan.channels) as PersonalChannel[]) {
        const conds = audienceConditions(input.kind, channel, input.proOnlyAudience);
        if (input.holdersOf)
          conds.push(sql`u.id in (select t.user_id from ${tradesRelation} t where t.split_id = ${input.holdersOf}::uuid)`);
        if (input.range) {
          if (input.range.after) conds.push(sql`u.id > ${input.range.after}::uuid`);
          conds.push(sql`u.id <= ${input.range.upTo}::uuid`);
        }
        if (channel === 'push') {
          total += await fanOutPush(tx, { ...input, conds });
          continue;
        }
        const recipient = channel === 'email' ? sql`u.email` : sql`u.phone`;
        const r = await rows<{ n: number }>(
          tx,
          sql`with ins as (
                insert into notification_deliveries (idem_key, event_id, user_id, channel, recipient, next_attempt_at, created_at, updated_at)
                select ${input.eventKey} || ':' || u.id::text || ${':' + channel}, ${input.eventId}::uuid, u.id, ${channel}, ${recipient}, ${ts(input.now)}, ${ts(input.now)}, ${ts(input.now)}
                from ${membersRelation} u where ${sql.join(conds, sql` and `)}
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
    ): Promise<{ recipients: number; channels: Record<Exclude<PersonalChannel, 'push'>, number> }> {
      const channels = Object.keys(PLANS[kind].channels) as PersonalChannel[];
      const match = (ch: PersonalChannel) => sql`(${sql.join(audienceConditions(kind, ch, proOnlyAudience), sql` and `)})`;
      const perChannel = channels.map((ch) => sql`count(*) filter (where ${match(ch)})::int as ${sql.identifier(ch)}`);
      const r = await rows<Record<string, number>>(
        tx,
        sql`select count(*) filter (where ${sql.join(channels.map(match), sql` or `)})::int as recipients, ${sql.join(perChannel, sql`, `)} from ${membersRelation} u`,
      );
      const row = r[0] ?? {};
      return {
        recipients: Number(row.recipients ?? 0),
        channels: { email: Number(row.email ?? 0), sms: Number(row.sms ?? 0), whatsapp: Number(row.whatsapp ?? 0) },
      };
    },

    /**
     * The members in `range` (ordered by id) whom `kind` reaches by email now, by the fan-out's own
     * conditions: for fan-outs whose message is made per member (the weekly digest).
     */
    async reachableByEmail(tx: Db, kind: EventKind, range: { after: string | null; upTo: string }) {
      const conds = audienceConditions(kind, 'email');
      if (range.after) conds.push(sql`u.id > ${range.after}::uuid`);
      conds.push(sql`u.id <= ${range.upTo}::uuid`);
      return rows<{ id: string; email: string }>(
        tx,
        sql`select u.id::text as id, u.email from ${membersRelation} u where ${sql.join(conds, sql` and `)} order by u.id`,
      );
    },

    /** The oldest event whose fan-out is not finished, locked for this worker (skipped by others). */
    async lockPendingFanout(tx: Db): Promise<PendingFanout | null> {
      const r = await rows<PendingFanout>(
        tx,
        sql`select id::text as id, key, kind, payload, fanout_cursor::text as cursor, pro_only_audience as pro_only from notification_events
            where fanout_pending order by created_at limit 1 for update skip locked`,
      );
      return r[0] ?? null;
    },

    /** The last user id of the next chunk after `after` (ordered by id), or null when none is left. */
    async chunkEnd(tx: Db, after: string | null, size: number): Promise<string | null> {
      const where = after ? sql`where id > ${after}::uuid` : sql``;
      const r = await rows<{ last: string | null }>(
        tx,
        sql`select id::text as last from (select id from ${membersRelation} m ${where} order by id limit ${size}) c order by id desc limit 1`,
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
        sql`select ${SPLIT_FIELDS} from ${splitsRelation} s where id = ${splitId}::uuid`,
      );
      return r[0] ?? null;
    },

    async splitsBuyingOn(date: string) {
      return rows<Record<string, unknown>>(
        db,
        // Only public, live splits are reminded of (Approved ones are not public; archived ones are gone).
        sql`select ${SPLIT_FIELDS} from ${splitsRelation} s where buy_date = ${date}::date and status = 'Upcoming' and archived_at is null order by ticker`,
      );
    },

    /** Open positions (a recorded buy, no sell) in active accounts whose split took effect in the last few weeks, with their owners. */
    async openPositions(date: string): Promise<SellCandidate[]> {
      const prefs = Object.values(PREF_COLUMN)
        .map((c) => `u.${c}`)
        .join(', ');
      return rows<SellCandidate>(
        db,
        sql`select u.id::text as user_id, u.email, u.email_validated, u.phone, u.phone_validated, u.role, u.disabled, ${sql.raw(prefs)},
              t.ticker, a.nickname, a.broker, to_char(s.eff_date, 'YYYY-MM-DD') as eff_date,
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
    },

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
