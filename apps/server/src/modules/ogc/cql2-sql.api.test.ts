import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../db/client.js';
import { openTestDatabase } from '../../../test/harness.js';
import { cql2ToSql, wktOf, type Queryable } from './cql2-sql.js';
import { Cql2Error, parseCql2 } from './cql2.js';

/**
 * CQL2 filters translated to SQL and run on a real database (embedded PostGIS, or PostgreSQL +
 * PostGIS with TEST_DATABASE_URL): each operator selects exactly its rows. The table is made
 * here (an ordinary one: a temporary table would live on one pooled connection only).
 */

let database: Database;
const table = sql.identifier('cql2_rows');

const column = (name: string) => sql`${table}.${sql.identifier(name)}`;
const QUERYABLES: Record<string, Queryable> = {
  title: { type: 'string', sql: column('title') },
  depth: { type: 'number', sql: column('depth') },
  count: { type: 'integer', sql: column('count') },
  open: { type: 'boolean', sql: column('open') },
  day: { type: 'date', sql: column('day') },
  updated: { type: 'timestamp', sql: column('updated') },
  geometry: { type: 'geometry', sql: column('geo') },
  'a b': { type: 'string', sql: column('a b') },
  // A JSON field typed by the caller: a stored value that is not a number reads as null.
  size: { type: 'number', sql: sql`(case when jsonb_typeof(${column('meta')} -> 'size') = 'number' then (${column('meta')} ->> 'size')::numeric end)` },
};
const lookup = (name: string) => QUERYABLES[name];

async function ids(filter: string): Promise<number[]> {
  const where = cql2ToSql(parseCql2(filter), lookup);
  const rows = await database.use((db) => db.execute(sql`select id from ${table} where ${where} order by id`));
  return rowsOf<{ id: number }>(rows).map((row) => row.id);
}

beforeAll(async () => {
  database = await openTestDatabase();
  await database.use(async (db) => {
    await db.execute(sql`create table ${table} (
      id int primary key, title text, depth numeric, count integer, open boolean, day date, updated timestamptz,
      geo geometry(Geometry, 4326), "a b" text, meta jsonb)`);
    await db.execute(sql`insert into ${table} values
      (1, 'Alpha', 10, 1, true, '2020-01-01', '2020-01-01T00:00:00Z', ST_GeomFromText('POINT(0 0)', 4326), 'x', '{"size": 3}'),
      (2, 'beta', 20.5, 2, false, '2021-06-15', '2021-06-15T12:00:00Z', ST_GeomFromText('POINT(10 10)', 4326), null, '{"size": "big"}'),
      (3, 'O''Brien', -5, 3, true, null, null, ST_GeomFromText('LINESTRING(-10 -10, -5 -5)', 4326), 'y', '{}'),
      (4, '100%_done', null, null, null, '2022-01-01', '2022-01-01T00:00:00Z', null, 'x', '{"size": 12.5}')`);
  });
});

afterAll(async () => {
  await database?.close();
});

describe('comparisons', () => {
  it('compares numbers numerically, integers with decimals', async () => {
    expect(await ids('depth = 10')).toEqual([1]);
    expect(await ids('depth <> 10')).toEqual([2, 3]);
    expect(await ids('depth > 9.5')).toEqual([1, 2]);
    expect(await ids('depth >= 20.5')).toEqual([2]);
    expect(await ids('depth < 0')).toEqual([3]);
    expect(await ids('depth <= -5')).toEqual([3]);
    expect(await ids('depth > 1e1')).toEqual([2]);
    expect(await ids('count < 2.5')).toEqual([1, 2]);
    expect(await ids('9 < depth')).toEqual([1, 2]);
    expect(await ids('count = depth')).toEqual([]);
  });

  it('compares strings as text, case-sensitively', async () => {
    expect(await ids("title = 'Alpha'")).toEqual([1]);
    expect(await ids("title = 'alpha'")).toEqual([]);
    expect(await ids("title = 'O''Brien'")).toEqual([3]);
    expect(await ids('"a b" = \'x\'')).toEqual([1, 4]);
  });

  it('compares booleans, dates and timestamps', async () => {
    expect(await ids('open = TRUE')).toEqual([1, 3]);
    expect(await ids('open = false')).toEqual([2]);
    expect(await ids("day > DATE('2020-06-01')")).toEqual([2, 4]);
    expect(await ids("updated < TIMESTAMP('2021-06-15T12:00:00Z')")).toEqual([1]);
    expect(await ids("updated <= TIMESTAMP('2021-06-15T14:00:00+02:00')")).toEqual([1, 2]);
    expect(await ids("updated >= DATE('2021-01-01')")).toEqual([2, 4]);
  });

  it('reads a JSON field the caller typed, one of another kind as null', async () => {
    expect(await ids('size > 1')).toEqual([1, 4]);
    expect(await ids('size IS NULL')).toEqual([2, 3]);
  });

  it('compares two literals', async () => {
    expect(await ids('1 = 1')).toEqual([1, 2, 3, 4]);
    expect(await ids("'a' = 'b'")).toEqual([]);
  });
});

describe('logic', () => {
  it('binds AND tighter than OR, parentheses first', async () => {
    expect(await ids('depth = 10 OR open = true AND depth < 0')).toEqual([1, 3]);
    expect(await ids('(depth = 10 OR open = true) AND depth < 0')).toEqual([3]);
    expect(await ids('depth > 0 and open = true and count = 1')).toEqual([1]);
  });

  it('negates with NOT, which a null keeps unknown', async () => {
    expect(await ids('NOT depth = 10')).toEqual([2, 3]);
    expect(await ids('NOT (depth = 10 OR depth = 20.5)')).toEqual([3]);
    expect(await ids('not not open = true')).toEqual([1, 3]);
  });
});

describe('predicates', () => {
  it('LIKE with % and _, case-sensitive, and NOT LIKE', async () => {
    expect(await ids("title LIKE 'A%'")).toEqual([1]);
    expect(await ids("title LIKE 'a%'")).toEqual([]);
    expect(await ids("title LIKE '_eta'")).toEqual([2]);
    expect(await ids("title LIKE '%'")).toEqual([1, 2, 3, 4]);
    expect(await ids("title LIKE '100\\%\\_done'")).toEqual([4]);
    expect(await ids("title LIKE '1\\%%'")).toEqual([]);
    expect(await ids("title NOT LIKE '%a'")).toEqual([3, 4]);
  });

  it('IN and NOT IN', async () => {
    expect(await ids("title IN ('Alpha', 'beta', 'gamma')")).toEqual([1, 2]);
    expect(await ids('depth IN (10, -5)')).toEqual([1, 3]);
    expect(await ids('count NOT IN (1, 2)')).toEqual([3]);
    expect(await ids("day IN (DATE('2022-01-01'))")).toEqual([4]);
  });

  it('BETWEEN and NOT BETWEEN, bounds included', async () => {
    expect(await ids('depth BETWEEN 10 AND 20.5')).toEqual([1, 2]);
    expect(await ids('depth NOT BETWEEN 10 AND 20.5')).toEqual([3]);
    expect(await ids("updated BETWEEN TIMESTAMP('2020-01-01T00:00:00Z') AND DATE('2021-12-31')")).toEqual([1, 2]);
  });

  it('IS NULL and IS NOT NULL', async () => {
    expect(await ids('depth IS NULL')).toEqual([4]);
    expect(await ids('"a b" IS NULL')).toEqual([2]);
    expect(await ids('geometry IS NOT NULL')).toEqual([1, 2, 3]);
  });
});

describe('S_INTERSECTS', () => {
  it('with a BBOX in longitude, latitude', async () => {
    expect(await ids('S_INTERSECTS(geometry, BBOX(-1, -1, 1, 1))')).toEqual([1]);
    expect(await ids('s_intersects(geometry, bbox(-7, -7, 11, 11))')).toEqual([1, 2, 3]);
    expect(await ids('S_INTERSECTS(geometry, BBOX(20, 20, 30, 30))')).toEqual([]);
  });

  it('with each WKT geometry', async () => {
    expect(await ids('S_INTERSECTS(geometry, POINT(10 10))')).toEqual([2]);
    expect(await ids('S_INTERSECTS(geometry, LINESTRING(-10 0, 10 0))')).toEqual([1]);
    expect(await ids('S_INTERSECTS(geometry, POLYGON((-1 -1, 11 -1, 11 11, -1 11, -1 -1)))')).toEqual([1, 2]);
    expect(await ids('S_INTERSECTS(geometry, MULTIPOINT((0 0), (-7 -7)))')).toEqual([1, 3]);
    expect(await ids('S_INTERSECTS(geometry, MULTILINESTRING((9 9, 11 11), (-6 -4, -4 -6)))')).toEqual([2, 3]);
    expect(await ids('S_INTERSECTS(geometry, MULTIPOLYGON(((-1 -1, 1 -1, 1 1, -1 -1)), ((9 9, 11 9, 11 11, 9 9))))')).toEqual([1, 2]);
    expect(await ids("S_INTERSECTS(POINT(0 0), geometry) AND title = 'Alpha'")).toEqual([1]);
  });

  it('writes the WKT again from the numbers', () => {
    expect(
      wktOf({
        type: 'MultiPoint',
        coordinates: [
          [1.5, -2],
          [3, 4e-7],
        ],
      }),
    ).toBe('MULTIPOINT((1.5 -2), (3 4e-7))');
    const ring: [number, number][] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    expect(wktOf({ type: 'MultiPolygon', coordinates: [[ring], [ring, ring]] })).toBe(
      'MULTIPOLYGON(((0 0, 1 0, 1 1, 0 0)), ((0 0, 1 0, 1 1, 0 0), (0 0, 1 0, 1 1, 0 0)))',
    );
  });
});

describe('literals are parameters', () => {
  it('keeps a hostile string a string', async () => {
    const hostile = "x'; DROP TABLE cql2_rows; --";
    expect(await ids(`title = '${hostile.replaceAll("'", "''")}'`)).toEqual([]);
    expect(await ids(`title IN ('${hostile.replaceAll("'", "''")}', 'Alpha')`)).toEqual([1]);
    expect(await ids(`title LIKE '%${hostile.replaceAll("'", "''")}'`)).toEqual([]);
    expect(await ids('"a b" IS NOT NULL')).toEqual([1, 3, 4]);
  });

  it('binds every literal, writing none into the text', () => {
    const query = new PgDialect().sqlToQuery(cql2ToSql(parseCql2("title = 'Alpha' AND depth IN (10, 20) AND S_INTERSECTS(geometry, POINT(1 2))"), lookup));
    expect(query.params).toEqual(['Alpha', 10, 20, 'POINT(1 2)']);
    expect(query.sql).not.toMatch(/Alpha|POINT\(1/);
  });
});

describe('refusals', () => {
  function errorOf(filter: string): { message: string; position: number } {
    try {
      cql2ToSql(parseCql2(filter), lookup);
    } catch (error) {
      if (!(error instanceof Cql2Error)) throw error;
      return { message: error.message, position: error.position };
    }
    throw new Error(`${filter} translated`);
  }

  it.each([
    ['foo = 1', "Unknown property 'foo' at position 0", 0],
    ["title = 'a' AND bar IS NULL", "Unknown property 'bar' at position 16", 16],
    ["depth = 'deep'", "Cannot compare property 'depth' (a number) with a string at position 8", 8],
    ['title = 3', "Cannot compare property 'title' (a string) with a number at position 8", 8],
    ['open = 1', "Cannot compare property 'open' (a boolean) with a number at position 7", 7],
    ["day = '2020-01-01'", "Cannot compare property 'day' (a date or timestamp) with a string at position 6", 6],
    ['title = depth', "Cannot compare property 'title' (a string) with property 'depth' (a number) at position 8", 8],
    ["depth LIKE '1%'", "LIKE takes text, not property 'depth' (a number) at position 0", 0],
    ["depth IN (1, 'two')", "Cannot compare property 'depth' (a number) with a string at position 13", 13],
    ["title BETWEEN 'a' AND 'b'", "BETWEEN takes numbers, dates or timestamps, not property 'title' (a string) at position 0", 0],
    ["depth BETWEEN 1 AND DATE('2020-01-01')", "Cannot compare property 'depth' (a number) with a date or timestamp at position 20", 20],
    ['geometry = 1', "Cannot compare property 'geometry' (a geometry): use S_INTERSECTS at position 0", 0],
    ['S_INTERSECTS(title, POINT(0 0))', "S_INTERSECTS takes geometries, not property 'title' (a string) at position 13", 13],
    ['S_INTERSECTS(nowhere, POINT(0 0))', "Unknown property 'nowhere' at position 13", 13],
  ])('%s', (filter, message, position) => {
    expect(errorOf(filter)).toEqual({ message, position });
  });

  it('leaves the table whole', async () => {
    expect(await ids('1 = 1')).toEqual([1, 2, 3, 4]);
  });
});
