import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Readiness } from '@roundup/shared';
import type { AppContext } from '../../context';
import { MIGRATIONS_DIR } from '../../db/client';
import { affectsReadiness } from '../../db/fault-rules';
import { isConnectionLost, pgErrorCode } from '../../db/retry';

export type { Readiness } from '@roundup/shared';

/** The migrations this build ships (drizzle's journal). */
function expectedMigrations(): { count: number; lastWhen: number } {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return { count: journal.entries.length, lastWhen: Math.max(...journal.entries.map((e) => e.when)) };
}

/** Readiness answers within 1 s itself: its own checks get this long, and a database slower than that is degraded. */
export const READY_BUDGET_MS = 800;
export const SLOW_DATABASE = `The database does not answer within ${READY_BUDGET_MS / 1000} s`;

/**
 * Whether this process should receive traffic, answered within READY_BUDGET_MS: the checks below, and
 * no open database outage (requests timing out on a table, an exhausted pool: `database: 'degraded'`
 * with the reason, e.g. "queries timing out on trades"; decision 047).
 */
export async function readiness(
  ctx: AppContext,
  queueStats: () => Promise<{ depth: number; oldestAgeSeconds: number }>,
): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), READY_BUDGET_MS)));
  const checked = await Promise.race([checks(ctx, queueStats), late]).finally(() => clearTimeout(timer));
  const out = checked ?? slow(ctx);
  const open = ctx.database.outages.open().filter((o) => affectsReadiness(o.key));
  if (open.some((o) => o.key === 'database')) {
    out.database = 'unreachable';
    if (!out.reasons.includes('The database is unreachable')) out.reasons.push('The database is unreachable');
  } else {
    for (const o of open) {
      if (out.database === 'ok') out.database = 'degraded';
      out.reasons.push(o.reason);
      out.degraded.push(o.reason);
    }
  }
  out.ready = out.reasons.length === 0;
  return out;
}

function slow(ctx: AppContext): Readiness {
  return {
    ...base(ctx),
    database: 'degraded',
    reasons: [SLOW_DATABASE],
    degraded: [SLOW_DATABASE],
  };
}

function base(ctx: AppContext): Readiness {
  const redis = ctx.redis ? ctx.redis.state() : 'off';
  return {
    ready: false,
    database: 'ok',
    migrations: { applied: 0, expected: expectedMigrations().count },
    queue: null,
    redis,
    reasons: [],
    degraded:
      redis === 'unreachable'
        ? ["Redis is unreachable: rate limits count in each process's memory, not shared between processes"]
        : [],
  };
}

/**
 * The checks: the database answers, every migration this build
 * ships is applied (drizzle records each one with its journal time), and the notification queue's
 * oldest due delivery has waited less than READY_MAX_QUEUE_LAG_SECONDS. An unreachable Redis is
 * reported (`redis`, `degraded`) but keeps the process ready: limits fall back to memory (decision 019).
 */
async function checks(
  ctx: AppContext,
  queueStats: () => Promise<{ depth: number; oldestAgeSeconds: number }>,
): Promise<Readiness> {
  const expected = expectedMigrations();
  const maxLagSeconds = ctx.config.READY_MAX_QUEUE_LAG_SECONDS;
  const out = base(ctx);
  const unreachable = () => {
    out.database = 'unreachable';
    out.reasons = ['The database is unreachable'];
    return out;
  };
  try {
    await ctx.database.query('select 1 as ok');
  } catch {
    return unreachable();
  }
  try {
    const r = await ctx.database.query<{ n: string | number; last: string | number | null }>(
      'select count(*) as n, max(created_at) as last from drizzle.__drizzle_migrations',
    );
    out.migrations.applied = Number(r.rows[0]?.n ?? 0);
    if (Number(r.rows[0]?.last ?? 0) < expected.lastWhen)
      out.reasons.push(`Migrations are not all applied (${out.migrations.applied} of ${expected.count})`);
  } catch (err) {
    // A restart can end the connection after `select 1` answered: that is the database out of reach,
    // and only a missing table or schema means the migrations never ran.
    if (isConnectionLost(err)) return unreachable();
    const code = pgErrorCode(err);
    out.reasons.push(
      code === '42P01' || code === '3F000' ? 'Migrations have never been applied' : 'The applied migrations cannot be read',
    );
  }
  try {
    const q = await queueStats();
    out.queue = { ...q, maxLagSeconds };
    if (q.oldestAgeSeconds > maxLagSeconds)
      out.reasons.push(
        `The notification queue is behind: the oldest due delivery has waited ${Math.round(q.oldestAgeSeconds)} s (limit ${maxLagSeconds} s)`,
      );
  } catch (err) {
    if (isConnectionLost(err)) return unreachable();
    out.reasons.push('The notification queue cannot be read');
  }
  return out;
}
