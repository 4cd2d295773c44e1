import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase } from '../src/db/client';

/**
 * Migrates one database per run, then every test file gets a copy:
 * PGlite loads a dumped data dir; PostgreSQL clones a template database.
 */
export default async function setup(project: TestProject) {
  const kind = project.name.endsWith('postgres') ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    const pgl = new PGlite();
    const database = await openDatabase({ pglite: pgl });
    await migrate(database);
    // The copy holds only the database the tests use (PGlite's own, template1): PGlite's empty `postgres`
    // and `template0` are half the files of a copy, and unpacking those files is most of a copy's start.
    for (const sql of [
      'drop database postgres',
      "update pg_database set datistemplate = false where datname = 'template0'",
      'drop database template0',
      'checkpoint',
    ])
      await pgl.query(sql);
    const dump = await pgl.dumpDataDir('none');
    const dir = path.resolve('.tmp');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `pglite-migrated-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await pgl.close();
    project.provide('pgliteSnapshot', file);
    return;
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  const template = `roundup_tmpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const url = withDatabase(base, template);
  const database = await openDatabase({ url, poolSize: 1 });
  await migrate(database);
  await database.close();
  project.provide('pgTemplate', template);
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`).catch(() => undefined);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}
