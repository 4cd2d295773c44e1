import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/**
 * Fresh copies of the migrated PGlite snapshot for test files, made cheaply.
 *
 * Starting a PGlite from the snapshot costs about a second of CPU (unpacking its files into the in-memory
 * file system and starting the backend), paid by every integration file. A copy whose file has ended is
 * instead emptied back to the snapshot (every table truncated and refilled with the rows the migrations
 * wrote, every sequence set back) and handed to the next file of the same worker, which then sees exactly
 * what a freshly loaded copy holds. A copy is only reused when nothing but rows changed: a file that
 * altered the schema (a renamed table, a trigger, a function), held a transaction open or failed the reset
 * is closed as before, and the next file loads a new one.
 *
 * A file gets a handle on the copy that refuses every call once the file has closed it, as a closed PGlite
 * does, so a timer left running by one file's app can never write into the next file's data; listeners
 * the file left are removed with it.
 */

/** Catalogs whose rows describe the schema: a new row version or a different count means it changed. */
const CATALOGS = [
  'pg_class',
  'pg_attribute',
  'pg_attrdef',
  'pg_constraint',
  'pg_index',
  'pg_trigger',
  'pg_proc',
  'pg_type',
  'pg_enum',
  'pg_namespace',
  'pg_rewrite',
  'pg_sequence',
  'pg_policy',
  'pg_extension',
  'pg_authid',
  'pg_database',
  'pg_depend',
  'pg_largeobject_metadata',
];

interface Baseline {
  /** Per catalog, its row count in the snapshot. */
  counts: Record<string, number>;
  tables: string[];
  /** Each non-empty table's rows as COPY text, in the snapshot's order. */
  rows: { table: string; data: Blob }[];
  sequences: { name: string; value: string; called: boolean }[];
  /** What PGlite sets for its session when it starts (its search_path): a new session's settings. */
  settings: { name: string; setting: string }[];
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

async function catalogCounts(pgl: PGlite) {
  const sql = CATALOGS.map((c) => `select '${c}' as catalog, count(*)::int as n from ${c}`).join(' union all ');
  const { rows } = await pgl.query<{ catalog: string; n: number }>(sql);
  return Object.fromEntries(rows.map((r) => [r.catalog, r.n]));
}

async function readBaseline(pgl: PGlite): Promise<Baseline> {
  const tables = (
    await pgl.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    )
  ).rows.map((r) => r.name);
  const rows: Baseline['rows'] = [];
  for (const table of tables) {
    const res = await pgl.query(`copy ${table} to '/dev/blob'`);
    if (res.blob && res.blob.size > 0) rows.push({ table, data: res.blob });
  }
  const sequences: Baseline['sequences'] = [];
  const names = await pgl.query<{ name: string }>(`select format('%I.%I', schemaname, sequencename) as name from pg_sequences`);
  for (const { name } of names.rows) {
    const r = await pgl.query<{ value: string; called: boolean }>(
      `select last_value::text as value, is_called as called from ${name}`,
    );
    sequences.push({ name, ...r.rows[0] });
  }
  const settings = (
    await pgl.query<{ name: string; setting: string }>(`select name, setting from pg_settings where source = 'session'`)
  ).rows;
  return { counts: await catalogCounts(pgl), tables, rows, sequences, settings };
}

/** What the file changed beyond rows: true when the copy still has the snapshot's schema. */
async function schemaUnchanged(pgl: PGlite, baseline: Baseline, handedOutAtXid: number): Promise<boolean> {
  const counts = await catalogCounts(pgl);
  if (CATALOGS.some((c) => counts[c] !== baseline.counts[c])) return false;
  const sql = CATALOGS.map((c) => `select 1 from ${c} where xmin::text::bigint >= $1`).join(' union all ');
  const { rows } = await pgl.query(`select exists (${sql}) as changed`, [handedOutAtXid]);
  return !(rows[0] as { changed: boolean }).changed;
}

async function emptyToSnapshot(pgl: PGlite, baseline: Baseline) {
  // Outside any transaction (DISCARD refuses to run in one): forgets prepared statements, temporary
  // tables, settings, LISTENs and advisory locks, as a new session would.
  await pgl.exec('discard all');
  for (const { name, setting } of baseline.settings) await pgl.query(`select set_config($1, $2, false)`, [name, setting]);
  await pgl.transaction(async (tx) => {
    // Refilling rows the snapshot held together fires no triggers and checks no foreign keys.
    await tx.exec(`set local session_replication_role = replica`);
    // Only the tables that hold rows (most of a file's tables stay empty): truncating one costs new files.
    // CASCADE takes the empty tables that refer to them along, as TRUNCATE requires.
    const probe = baseline.tables.map((t) => `case when exists (select 1 from ${t}) then ${literal(t)} end`);
    const { rows } = await tx.query<{ names: string[] }>(`select array_remove(array[${probe.join(', ')}], null) as names`);
    const holding = new Set([...rows[0].names, ...baseline.rows.map((r) => r.table)]);
    if (holding.size > 0) await tx.exec(`truncate ${[...holding].join(', ')} restart identity cascade`);
    for (const { table, data } of baseline.rows) await tx.query(`copy ${table} from '/dev/blob'`, [], { blob: data });
    for (const s of baseline.sequences)
      await tx.query(`select setval($1::regclass, $2::bigint, $3)`, [s.name, s.value, s.called]);
  });
}

let baseline: Baseline | undefined;
const spare: PGlite[] = [];

/** A copy of the snapshot for one file; closing it gives it back. */
export async function pgliteCopy(snapshotFile: string): Promise<PGlite> {
  let pgl = spare.pop();
  if (!pgl) {
    pgl = new PGlite({ loadDataDir: new Blob([readFileSync(snapshotFile)]) });
    await pgl.waitReady;
    baseline ??= await readBaseline(pgl);
  }
  const real = pgl;
  const base = baseline!;
  const handedOutAtXid = Number((await real.query<{ x: string }>('select txid_current()::text as x')).rows[0].x) + 1;
  const listened = new Set<string>();
  let closed = false;
  async function giveBack() {
    if (closed) return;
    closed = true;
    try {
      for (const channel of listened) await real.unlisten(channel);
      if (real.isInTransaction() || !(await schemaUnchanged(real, base, handedOutAtXid)))
        throw new Error('changed beyond its rows');
      await emptyToSnapshot(real, base);
      spare.push(real);
    } catch {
      await real.close().catch(() => undefined);
    }
  }
  const handle = new Proxy(real, {
    get(target, key) {
      if (key === 'close') return giveBack;
      if (key === 'closed') return closed || target.closed;
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== 'function') return value;
      if (closed)
        return () => {
          throw new Error('PGlite is closed');
        };
      if (key === 'listen')
        return (channel: string, ...rest: unknown[]) => {
          listened.add(channel);
          return (value as (...a: unknown[]) => unknown).call(target, channel, ...rest);
        };
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  return handle;
}
