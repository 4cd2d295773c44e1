import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, RawQuery } from './handle';

/**
 * Work a transaction does last, inside itself, just before its COMMIT: whatever it writes commits with the
 * transaction's own writes or not at all. It runs on the transaction's connection (`run`), and throwing rolls the
 * whole transaction back.
 */
export type CommitHook = (run: RawQuery) => Promise<void>;

/** Runs `fn` (and everything it starts) so that each transaction it opens on the database runs `hook` last. */
export type WithCommitHook = <T>(hook: CommitHook, fn: () => T) => T;

/** `text` with `$1`…`$n` placeholders as Drizzle SQL with `params` bound (both drivers take it). */
export function boundSql(text: string, params: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 ? sql`${params[Number(part) - 1]}` : sql.raw(part))));
}

/**
 * Makes every outermost transaction of `db` (`db.transaction(...)`, whoever calls it) run the hook of the scope
 * it was started in. Use cases keep owning their transactions; a request that must tie a fact to the commit of
 * its write (an Idempotency-Key claim) sets a scope instead of threading a transaction through every use case.
 * Savepoints (`tx.transaction`) are part of their outer transaction and run nothing of their own.
 */
export function commitHooks(db: Db): WithCommitHook {
  const scope = new AsyncLocalStorage<CommitHook>();
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    transaction(async (tx) => {
      const out = await work(tx);
      const hook = scope.getStore();
      if (hook) {
        await hook(async (text, params) => {
          const res = (await tx.execute(boundSql(text, params ?? []))) as unknown as { rows: never[] };
          return { rows: res.rows };
        });
      }
      return out;
    }, config)) as Db['transaction'];
  return (hook, fn) => scope.run(hook, fn);
}
