import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountsRelation } from '../accounts/queries';
import { tradesRelation } from '../trades/queries';
import { membersRelation } from '../users/queries';
import { fanOutPush } from './push-repo';
import { PLANS, PRO_ROLES, type EventKind, type PersonalChannel } from './rules';
import { PREF_COLUMN, rows, ts } from './sql-repo';

/** The fan-out of an event to the members its plan selects (decision 005), chunk by chunk. */

/** A split's verdict at one broker (decision 044): who is still waiting there, less who reported it. */
export interface VerdictAudience {
  splitId: string;
  brokerId: string;
  outcome: string;
}

/** Members' trades on the verdict's split at its broker with `outcome` (as SQL over `u`). */
const atBroker = (v: VerdictAudience, outcome: string) =>
  sql`(select t.user_id from ${tradesRelation} t join ${accountsRelation} a on a.id = t.account_id
       where t.split_id = ${v.splitId}::uuid and a.broker_id = ${v.brokerId}::uuid and t.outcome = ${outcome})`;

/**
 * The SQL form of PLANS for one channel (rules.ts ineligibility() is the same rule for one user):
 * the conditions a users row `u` must meet to get `kind` on `channel`. `holdersOf`: only members holding a
 * trade on that split; `verdictOf`: only members whose round-up at that broker is still pending and who did
 * not report the outcome themselves (their own outcome is no news to them).
 */
function audienceConditions(
  kind: EventKind,
  channel: PersonalChannel,
  proOnlyAudience?: boolean,
  holdersOf?: string,
  verdictOf?: VerdictAudience,
): SQL[] {
  const plan = PLANS[kind];
  const conds: SQL[] = [sql`u.disabled = false`];
  if (holdersOf) conds.push(sql`u.id in (select t.user_id from ${tradesRelation} t where t.split_id = ${holdersOf}::uuid)`);
  if (verdictOf)
    conds.push(sql`u.id in ${atBroker(verdictOf, 'pending')} and u.id not in ${atBroker(verdictOf, verdictOf.outcome)}`);
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

/**
 * Set-based fan-out in the caller's transaction: one INSERT … SELECT per channel over the users
 * the plan selects (100,000 rows in one statement). Returns the number of deliveries queued.
 */
export async function fanOutEvent(
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
    /** Only members still pending at a verdict's broker (split verdicts). */
    verdictOf?: VerdictAudience;
  },
): Promise<number> {
  const plan = PLANS[input.kind];
  let total = 0;
  for (const channel of Object.keys(plan.channels) as PersonalChannel[]) {
    const conds = audienceConditions(input.kind, channel, input.proOnlyAudience, input.holdersOf, input.verdictOf);
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
}

/**
 * Who an event of `kind` would reach now, by the fan-out's own conditions: members reached on at
 * least one channel, and messages per channel. One pass over users. `holdersOf`: only members holding
 * a trade on that split (terms-changed alerts).
 */
export async function eventAudience(
  tx: Db,
  kind: EventKind,
  proOnlyAudience?: boolean,
  holdersOf?: string,
): Promise<{ recipients: number; channels: Record<Exclude<PersonalChannel, 'push'>, number> }> {
  const channels = Object.keys(PLANS[kind].channels) as PersonalChannel[];
  const match = (ch: PersonalChannel) => sql`(${sql.join(audienceConditions(kind, ch, proOnlyAudience, holdersOf), sql` and `)})`;
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
}

/**
 * The members in `range` (ordered by id) whom `kind` reaches by email now, by the fan-out's own
 * conditions: for fan-outs whose message is made per member (the weekly digest).
 */
export async function reachableByEmail(tx: Db, kind: EventKind, range: { after: string | null; upTo: string }) {
  const conds = audienceConditions(kind, 'email');
  if (range.after) conds.push(sql`u.id > ${range.after}::uuid`);
  conds.push(sql`u.id <= ${range.upTo}::uuid`);
  return rows<{ id: string; email: string }>(
    tx,
    sql`select u.id::text as id, u.email from ${membersRelation} u where ${sql.join(conds, sql` and `)} order by u.id`,
  );
}

/**
 * The oldest event whose fan-out is not finished and whose grace period is over, locked for this worker
 * (skipped by others).
 */
export async function lockPendingFanout(tx: Db, now: Date): Promise<PendingFanout | null> {
  const r = await rows<PendingFanout>(
    tx,
    sql`select id::text as id, key, kind, payload, fanout_cursor::text as cursor, pro_only_audience as pro_only from notification_events
        where fanout_pending and (release_at is null or release_at <= ${ts(now)})
        order by created_at limit 1 for update skip locked`,
  );
  return r[0] ?? null;
}

/** The last user id of the next chunk after `after` (ordered by id), or null when none is left. */
export async function fanoutChunkEnd(tx: Db, after: string | null, size: number): Promise<string | null> {
  const where = after ? sql`where id > ${after}::uuid` : sql``;
  const r = await rows<{ last: string | null }>(
    tx,
    sql`select id::text as last from (select id from ${membersRelation} m ${where} order by id limit ${size}) c order by id desc limit 1`,
  );
  return r[0]?.last ?? null;
}

export async function advanceFanout(tx: Db, eventId: string, cursor: string | null, now: Date): Promise<void> {
  if (cursor) await tx.execute(sql`update notification_events set fanout_cursor = ${cursor}::uuid where id = ${eventId}::uuid`);
  else
    await tx.execute(
      sql`update notification_events set fanout_pending = false, fanout_done_at = ${ts(now)} where id = ${eventId}::uuid`,
    );
}
