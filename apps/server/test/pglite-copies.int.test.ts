import { describe, expect, inject, it } from 'vitest';
import { dbKind } from './helpers';
import { pgliteCopy } from './pglite-copies';

/** What a file could leave behind: rows, sequence positions, settings. */
const STATE = `select (select count(*)::int from split_change_seq) as change_rows,
  (select count(*)::int from users) as users,
  (select last_value::text from split_change_seq limit 1) as change_id,
  (select string_agg(name || '=' || setting, ',' order by name) from pg_settings where source <> 'default') as settings`;

describe.skipIf(dbKind !== 'pglite')('a PGlite copy handed to the next test file', () => {
  it('holds exactly what a fresh copy holds, whatever rows and settings the last file left', async () => {
    const file = inject('pgliteSnapshot');
    const first = await pgliteCopy(file);
    const fresh = (await first.query(STATE)).rows;
    await first.query(
      `insert into split_change_seq as s (one, last_value) values (true, 1)
       on conflict (one) do update set last_value = s.last_value + 41`,
    );
    await first.query(`insert into users (username, email, password_hash) values ('left', 'left@example.com', 'x')`);
    await first.query(`set statement_timeout = 1234`);
    await first.close();

    const next = await pgliteCopy(file);
    try {
      expect((await next.query(STATE)).rows).toEqual(fresh);
      // The last file's handle is closed for good: a timer it left cannot write into this file's data.
      expect(() => first.query('select 1')).toThrow('PGlite is closed');
    } finally {
      await next.close();
    }
  });

  it('is a new copy after a file changed the schema', async () => {
    const file = inject('pgliteSnapshot');
    const changed = await pgliteCopy(file);
    await changed.query(`alter table users rename to users_away`);
    await changed.close();
    const next = await pgliteCopy(file);
    try {
      expect((await next.query(`select to_regclass('users')::text as t`)).rows).toEqual([{ t: 'users' }]);
    } finally {
      await next.close();
    }
  });
});
