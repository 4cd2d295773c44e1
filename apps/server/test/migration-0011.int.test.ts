import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate, openDatabase } from '../src/db/client';
import { dbKind } from './helpers';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'roundup-migrations-'));
  dirs.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

// The upgrade path is the same SQL on both databases; it runs once, on an in-memory PGlite.
describe.skipIf(dbKind !== 'pglite')('upgrading to 0011 (email change)', () => {
  it('keeps verification links sent before the upgrade working for the address they were sent to', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database, migrationsBefore('0011_auth_email_change'));
      const q = database.query;
      const { rows: u } = await q<{ id: string }>(
        `insert into users (username, email, password_hash) values ('old', 'Old@example.com', 'x') returning id`,
      );
      await q(
        `insert into email_tokens (user_id, purpose, token_hash, expires_at) values ($1, 'verify', 'h1', now() + interval '1 day'), ($1, 'reset', 'h2', now() + interval '1 hour')`,
        [u[0].id],
      );
      await migrate(database);
      const { rows } = await q<{ purpose: string; email: string | null }>(
        'select purpose, email from email_tokens order by purpose',
      );
      expect(rows).toEqual([
        { purpose: 'reset', email: null },
        { purpose: 'verify', email: 'Old@example.com' },
      ]);
      const { rows: users } = await q<{ pending_email: string | null }>('select pending_email from users');
      expect(users).toEqual([{ pending_email: null }]);
    } finally {
      await database.close();
    }
  });
});
