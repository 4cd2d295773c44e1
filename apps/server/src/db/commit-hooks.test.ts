import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { boundSql } from './commit-hooks';

const dialect = new PgDialect();

describe('boundSql: a $n statement run through a Drizzle transaction', () => {
  it.each([
    ['no parameters', 'select 1', [], 'select 1', []],
    ['in order', 'update t set a = $1 where b = $2', ['x', 2], 'update t set a = $1 where b = $2', ['x', 2]],
    ['repeated and out of order', 'select $2, $1, $2', ['a', 'b'], 'select $1, $2, $3', ['b', 'a', 'b']],
    ['two digits', 'select $10, $1', ['p1', 2, 3, 4, 5, 6, 7, 8, 9, 'p10'], 'select $1, $2', ['p10', 'p1']],
  ])('%s', (_, text, params, sql, bound) => {
    expect(dialect.sqlToQuery(boundSql(text, params))).toMatchObject({ sql, params: bound });
  });
});
