// The load of the restore and failover scenarios (scripts/drill/restore.mjs, failover.mjs): each member adds
// accounts one after another (a write whose every acknowledgement can be checked later: an account acknowledged
// must exist) with an Idempotency-Key, retrying a 503 with the same key as the web app does, while readers ask
// for the calendar (the unrelated requests). Every answer is kept with its time, for the row of metrics.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { request as call } from './load.mjs';
import { COLUMNS, printScenario } from './report.mjs';

/** One HTTP call (scripts/drill/load.mjs): status 0 when no answer came within 15 s or the connection failed. */
export { call };

/**
 * Starts the writers and readers on `urls` (round robin). `acked` lists { email, nickname, at } of every
 * account whose add answered 2xx; `refused` the same for adds whose last answer was not 2xx.
 */
export function startScenarioLoad(urls, members, brokerId, { prefix }) {
  const state = { on: true, answers: [], acked: [], refused: [] };
  const writer = async (m, k) => {
    for (let n = 1; state.on; n += 1) {
      const nickname = `${prefix}${k}-${n}`;
      const key = randomUUID();
      const body = { newAccount: { brokerId, type: 'Individual Cash', nickname } };
      let a;
      // The web client's policy: a 503 is sent again with the same key, up to 3 more times, 1, 2, 4 s apart.
      for (let attempt = 0; attempt < 4; attempt += 1) {
        a = await call(urls[(n + attempt) % urls.length], 'POST', '/api/accounts/add', { token: m.token, body, key });
        state.answers.push({ ...a, kind: 'write' });
        if (a.status !== 503 || !state.on) break;
        await sleep(1000 * 2 ** attempt);
      }
      (a.status >= 200 && a.status < 300 ? state.acked : state.refused).push({ email: m.email, nickname, at: Date.now() });
      await sleep(Math.max(0, 150 - a.ms));
    }
  };
  const reader = async (m, k) => {
    for (let n = 0; state.on; n += 1) {
      const a = await call(urls[(n + k) % urls.length], 'GET', '/api/rs', { token: m.token });
      state.answers.push({ ...a, kind: 'calendar' });
      await sleep(Math.max(0, 100 - a.ms));
    }
  };
  const loops = members.flatMap((m, k) => [writer(m, k), reader(m, k)]);
  return {
    state,
    async stop() {
      state.on = false;
      await Promise.all(loops);
    },
  };
}

const p99 = (xs) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.99) - 1)];
};

/**
 * The row of metrics for one scenario, in the drill's column names: answers whose request started in
 * [from, to]; `servingAgainS`, `missing`, `appliedAfterRefusal` and `logLines` are measured by the scenario.
 */
export function scenarioRow(
  name,
  state,
  { from, to, procs = [], servingAgainS, missing, appliedAfterRefusal, logLines, extra = {} },
) {
  const window = state.answers.filter((a) => a.t >= from && a.t <= to);
  const unrelated = window.filter((a) => a.kind === 'calendar' && a.status !== 0).map((a) => a.ms);
  return {
    fault: name,
    requests: window.length,
    '503s': window.filter((a) => a.status === 503).length,
    'other 5xx': window.filter((a) => a.status >= 500 && a.status !== 503).length,
    'no answer within 5 s': window.filter((a) => a.status === 0 || a.ms > 5000).length,
    'p99 of unrelated requests, ms': p99(unrelated) ?? '-',
    'serving again after, s': servingAgainS ?? '-',
    'processes exited':
      procs
        .filter((p) => p.child.exitCode !== null)
        .map((p) => p.name)
        .join(', ') || 'none',
    'acknowledged writes missing': missing ?? '-',
    'writes applied after a non-2xx answer': appliedAfterRefusal ?? '-',
    'log lines per outage': logLines ?? '-',
    // The machine is shared: its load says how much of a time is the fault's and how much the machine's.
    'machine load (1 min)': loadavg()[0].toFixed(1),
    ...extra,
  };
}

/** A small local printer (the drill's common table is unified at merge): one aligned block per row. */
export function printRows(rows) {
  // The same table as every other scenario's (report.mjs); what only this scenario measures follows it.
  for (const { scenario, ...row } of rows) {
    const fault = row.fault ?? scenario;
    const extra = Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'fault' && !COLUMNS.includes(k)));
    printScenario({ ...row, fault }, extra);
  }
}

/** How many of `adds` exist, by (member email, nickname), in the database that `sql` reads. */
export async function presentAccounts(sql, adds) {
  if (!adds.length) return 0;
  const r = await sql(
    `select count(*)::int as n from accounts a join users u on u.id = a.user_id
      join unnest($1::text[], $2::text[]) as w(email, nickname) on w.email = u.email and w.nickname = a.nickname`,
    [adds.map((a) => a.email), adds.map((a) => a.nickname)],
  );
  return r.rows[0].n;
}
