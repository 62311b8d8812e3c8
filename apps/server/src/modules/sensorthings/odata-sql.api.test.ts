import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../db/client.js';
import { openTestDatabase } from '../../../test/harness.js';
import { filterSql, orderSql, type Resolve, type Typed } from './odata-sql.js';
import { ODataError, parseFilter, parseQueryOptions } from './odata.js';

/**
 * OData filters and orders translated to SQL and run on a real database (embedded PostGIS, or
 * PostgreSQL + PostGIS with TEST_DATABASE_URL): each operator and function selects exactly its
 * rows. The table is made here (an ordinary one: a temporary table would live on one pooled
 * connection only). Queries run in New York's time zone, to show date functions read UTC.
 */

let database: Database;
const table = sql.identifier('odata_rows');

const column = (name: string) => sql`${table}.${sql.identifier(name)}`;
const PROPERTIES: Record<string, Typed> = {
  id: { type: 'number', sql: column('id') },
  name: { type: 'string', sql: column('name') },
  description: { type: 'string', sql: column('description') },
  depth: { type: 'number', sql: column('depth') },
  result: { type: 'result', number: column('result_number'), text: column('result_text') },
  phenomenonTime: { type: 'time', sql: column('phenomenon_time') },
  location: { type: 'geometry', sql: column('location') },
  open: { type: 'boolean', sql: column('open') },
  'Datastream/name': { type: 'string', sql: column('datastream_name') },
};
const resolve: Resolve = (segments, position) => {
  const found = PROPERTIES[segments.join('/')];
  if (!found) throw new ODataError(`Unknown property '${segments.join('/')}'`, position, '$filter');
  return found;
};

async function select(where: ReturnType<typeof sql>, orderBy = sql`id`): Promise<number[]> {
  return database.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'America/New_York'`);
    const rows = await tx.execute(sql`select id from ${table} where ${where} order by ${orderBy}`);
    return rowsOf<{ id: number }>(rows).map((row) => row.id);
  });
}

const ids = (filter: string) => select(filterSql(parseFilter(filter), resolve));

const ordered = (orderby: string) =>
  select(
    sql`true`,
    sql.join(
      parseQueryOptions({ $orderby: orderby }).orderby.map((order) => orderSql(order, resolve)),
      sql`, `,
    ),
  );

beforeAll(async () => {
  database = await openTestDatabase();
  await database.use(async (db) => {
    await db.execute(sql`create table ${table} (
      id int primary key, name text, description text, depth double precision, result_number double precision, result_text text,
      phenomenon_time timestamptz, location geometry(Geometry, 4326), open boolean, datastream_name text)`);
    await db.execute(sql`insert into ${table} values
      (1, 'Alpha', 'Temperature sensor', 10, 3.5, null, '2015-06-01T10:30:15.25Z', ST_GeomFromText('POINT(0 0)', 4326), true, 'Air'),
      (2, 'beta', 'A 100%_sure sensor', 20.5, 7, null, '2016-01-01T00:00:00Z', ST_GeomFromText('POINT(10 10)', 4326), false, 'Water'),
      (3, 'O''Brien', 'Soil name probe', -5, null, 'high', '2015-12-31T23:30:00-02:00', ST_GeomFromText('LINESTRING(-10 -10, -5 -5)', 4326), true, 'Air'),
      (4, 'gamma', null, null, null, null, null, null, null, null)`);
  });
});

afterAll(async () => {
  await database?.close();
});

describe('comparisons', () => {
  it.each([
    ['depth eq 10', [1]],
    ['depth ne 10', [2, 3]],
    ['depth gt 9.5', [1, 2]],
    ['depth ge 20.5', [2]],
    ['depth lt 0', [3]],
    ['depth le -5', [3]],
    ['10 lt depth', [2]],
    ['depth gt 1e1', [2]],
    ['id eq 2', [2]],
    ["name eq 'Alpha'", [1]],
    ["name eq 'alpha'", []],
    ["name eq 'O''Brien'", [3]],
    ["tolower(name) gt 'c'", [3, 4]],
    ["Datastream/name eq 'Air'", [1, 3]],
    ['open eq true', [1, 3]],
    ['open ne false', [1, 3]],
    ['open', [1, 3]],
    ['not open', [2]],
    ['true', [1, 2, 3, 4]],
    ["'a' eq 'b'", []],
  ])('%s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });

  it.each([
    ['phenomenonTime gt 2015-12-31T00:00:00Z', [2, 3]],
    ['phenomenonTime lt 2016-01-01T01:00:00+01:00', [1]],
    ['phenomenonTime le 2016-01-01T01:00:00+01:00', [1, 2]],
    ['phenomenonTime eq 2016-01-01', [2]],
    ['phenomenonTime ge 2016-01-01', [2, 3]],
    ['phenomenonTime eq 2015-06-01T10:30:15.250Z', [1]],
  ])('compares instants: %s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });

  it.each([
    ['depth eq null', [4]],
    ['null eq depth', [4]],
    ['depth ne null', [1, 2, 3]],
    ['result eq null', [4]],
    ['result ne null', [1, 2, 3]],
    ['location eq null', [4]],
    ['phenomenonTime ne null', [1, 2, 3]],
    ['null eq null', [1, 2, 3, 4]],
  ])('null as IS NULL: %s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });

  it.each([
    ['result le 3.5', [1]],
    ['result gt 3', [1, 2]],
    ["result eq 'high'", [3]],
    ['result add 1 eq 8', [2]],
    ['result lt depth', [1, 2]],
    ["startswith(result, 'hi')", [3]],
    ['length(result) eq 4', [3]],
    ['round(result) eq 4', [1]],
  ])('a result is a number with numbers and text with strings: %s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });
});

describe('logic', () => {
  it.each([
    ['depth eq 10 or open eq true and depth lt 0', [1, 3]],
    ['(depth eq 10 or open eq true) and depth lt 0', [3]],
    ['not (depth eq 10 or depth eq 20.5)', [3]],
    ['not depth eq 10', [2, 3]],
    ['depth gt 0 and open eq true and id eq 1', [1]],
    ['open eq true eq false', [2]],
  ])('%s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });

  it('runs a long list of alternatives', async () => {
    const alternatives = Array.from({ length: 700 }, (_, i) => `id eq ${i + 3}`).join(' or ');
    expect(await ids(alternatives)).toEqual([3, 4]);
  });
});

describe('arithmetic', () => {
  it.each([
    ['depth add 1 eq 11', [1]],
    ['depth sub 0.5 eq 20', [2]],
    ['depth mul 2 eq -10', [3]],
    ['depth div 4 eq 2.5', [1]],
    ['7 div 2 eq 3.5', [1, 2, 3, 4]],
    ['depth div 0 eq 1', []],
    ['depth mod 3 eq 1', [1]],
    ['id mod 2 eq 0', [2, 4]],
    ['0.1 add 0.2 eq 0.3', [1, 2, 3, 4]],
    ['-depth eq 5', [3]],
    ['- (depth add 1) eq 4', [3]],
  ])('%s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });
});

describe('string functions', () => {
  it.each([
    ["substringof('sensor', description)", [1, 2]],
    ["substringof('%', description)", [2]],
    ["substringof('_', description)", [2]],
    ["substringof('100%_', description)", [2]],
    ["substringof('x%', description)", []],
    ["startswith(description, 'A 100%')", [2]],
    ["startswith(description, '%')", []],
    ["startswith(name, '')", [1, 2, 3, 4]],
    ["endswith(name, 'a')", [1, 2, 4]],
    ["endswith(name, '_')", []],
    ["endswith(description, 'probe')", [3]],
    ['length(name) eq 4', [2]],
    ["indexof(name, 'l') eq 1", [1]],
    ["indexof(name, 'zz') eq -1", [1, 2, 3, 4]],
    ["substring(name, 1) eq 'lpha'", [1]],
    ["substring(name, 1, 2) eq 'et'", [2]],
    ["tolower(name) eq 'alpha'", [1]],
    ["toupper(name) eq 'BETA'", [2]],
    ["trim(concat('  ', name)) eq 'gamma'", [4]],
    ["concat(name, '!') eq 'beta!'", [2]],
  ])('%s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });
});

describe('date functions, in UTC', () => {
  it('runs where the session is not in UTC', async () => {
    const zone = await database.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'America/New_York'`);
      return rowsOf<{ hour: string }>(await tx.execute(sql`select extract(hour from phenomenon_time)::text as hour from ${table} where id = 3`));
    });
    expect(zone).toEqual([{ hour: '20' }]);
  });

  it.each([
    ['year(phenomenonTime) eq 2015', [1]],
    ['month(phenomenonTime) eq 6', [1]],
    ['day(phenomenonTime) eq 1', [1, 2, 3]],
    ['hour(phenomenonTime) eq 1', [3]],
    ['minute(phenomenonTime) eq 30', [1, 3]],
    ['second(phenomenonTime) eq 15', [1]],
    ['fractionalseconds(phenomenonTime) eq 0.25', [1]],
    ['date(phenomenonTime) eq 2016-01-01', [2, 3]],
    ['time(phenomenonTime) eq 10:30:15.25', [1]],
    ['time(phenomenonTime) lt 01:00', [2]],
    ['hour(time(phenomenonTime)) eq 10', [1]],
    ['totaloffsetminutes(phenomenonTime) eq 0', [1, 2, 3]],
    ['phenomenonTime lt now()', [1, 2, 3]],
    ['phenomenonTime gt mindatetime() and phenomenonTime lt maxdatetime()', [1, 2, 3]],
  ])('%s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });
});

describe('math functions', () => {
  it.each([
    ['round(depth) eq 21', [2]],
    ['round(-2.5) eq -3', [1, 2, 3, 4]],
    ['floor(depth) eq 20', [2]],
    ['ceiling(depth) eq -5', [3]],
    ['ceiling(depth) eq 21', [2]],
  ])('%s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });
});

describe('geospatial functions, longitude then latitude', () => {
  const square = "geography'POLYGON((-1 -1, 11 -1, 11 11, -1 11, -1 -1))'";
  it.each([
    [`geo.intersects(location, ${square})`, [1, 2]],
    [`st_intersects(${square}, location)`, [1, 2]],
    [`st_within(location, ${square})`, [1, 2]],
    ["st_contains(geometry'POLYGON((-20 -20, 0 -20, 0 0, -20 0, -20 -20))', location)", [3]],
    ["st_equals(location, geography'POINT(10 10)')", [2]],
    ["st_disjoint(location, geography'POINT(10 10)')", [1, 3]],
    ["st_touches(location, geography'POLYGON((0 0, 1 0, 1 1, 0 1, 0 0))')", [1]],
    ["st_crosses(location, geography'LINESTRING(-10 -5, -5 -10)')", [3]],
    ["st_overlaps(location, geography'LINESTRING(-7 -7, 0 0)')", [3]],
    ["st_relate(location, geography'POINT(0 0)', 'T*F**FFF*')", [1]],
    ["geo.distance(location, geography'POINT(0 0)') lt 1", [1]],
    ["geo.distance(location, geography'POINT(0 0)') gt 7", [2, 3]],
    ['geo.length(location) gt 7', [3]],
    ["geo.intersects(location, geography'MULTIPOINT((0 0), (10 10))')", [1, 2]],
    ["geo.intersects(location, geometry'MULTILINESTRING((9 9, 11 11), (-6 -4, -4 -6))')", [2, 3]],
    ["geo.intersects(location, geography'MULTIPOLYGON(((-1 -1, 1 -1, 1 1, -1 -1)), ((9 9, 11 9, 11 11, 9 9)))')", [1, 2]],
    ["geo.intersects(location, geography'SRID=4326;POINT(0 0)')", [1]],
  ])('%s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });
});

describe('$orderby', () => {
  it.each([
    ['depth desc', [4, 2, 1, 3]],
    ['depth', [3, 1, 2, 4]],
    ['phenomenonTime desc', [4, 3, 2, 1]],
    ['result asc', [1, 2, 3, 4]],
    ['result desc', [4, 3, 2, 1]],
    ['open desc, depth asc', [4, 3, 1, 2]],
    ['tolower(name) desc', [3, 4, 2, 1]],
    ['year(phenomenonTime) asc, id desc', [1, 3, 2, 4]],
  ])('%s', async (orderby, expected) => {
    expect(await ordered(orderby)).toEqual(expected);
  });
});

describe('literals are parameters', () => {
  it('keeps a hostile string a string', async () => {
    const hostile = "x'; DROP TABLE odata_rows; --";
    expect(await ids(`name eq '${hostile.replaceAll("'", "''")}'`)).toEqual([]);
    expect(await ids(`substringof('${hostile.replaceAll("'", "''")}', name)`)).toEqual([]);
    expect(await ids('true')).toEqual([1, 2, 3, 4]);
  });

  it('binds every literal, writing none into the text', () => {
    const filter = "name eq 'Alpha' and depth gt 1.5 and id eq 3 and phenomenonTime gt 2015-01-01 and st_within(location, geography'POINT(1 2)')";
    const query = new PgDialect().sqlToQuery(filterSql(parseFilter(filter), resolve));
    expect(query.params).toEqual(['Alpha', 1.5, 3, '2015-01-01T00:00:00Z', '{"type":"Point","coordinates":[1,2]}']);
    expect(query.sql).not.toMatch(/Alpha|1\.5|2015|Point/);
  });
});

describe('refusals', () => {
  function errorOf(run: () => unknown): { message: string; position: number; option: string } {
    try {
      run();
    } catch (error) {
      if (!(error instanceof ODataError)) throw error;
      return { message: error.message, position: error.position, option: error.option };
    }
    throw new Error('translated');
  }
  const filterError = (filter: string) => {
    const { message, position } = errorOf(() => filterSql(parseFilter(filter), resolve));
    return { message, position };
  };

  it.each([
    ['nowhere eq 1', "Unknown property 'nowhere'", 0],
    ["name eq 'a' and Datastream/nowhere eq 1", "Unknown property 'Datastream/nowhere'", 16],
    ['name eq 1', "Cannot compare property 'name' (a string) with a number", 5],
    ["depth eq 'x'", "Cannot compare property 'depth' (a number) with a string", 6],
    ['open eq 1', "Cannot compare property 'open' (a boolean) with a number", 5],
    ["phenomenonTime eq '2015-01-01'", "Cannot compare property 'phenomenonTime' (a date-time) with a string", 15],
    ['phenomenonTime eq 12:00', "Cannot compare property 'phenomenonTime' (a date-time) with a time of day", 15],
    ['name eq depth', "Cannot compare property 'name' (a string) with property 'depth' (a number)", 5],
    ['result eq true', "Cannot compare property 'result' (a number or a string) with a boolean", 7],
    ["location eq geography'POINT(0 0)'", "Cannot compare geometries with 'eq': use st_equals or another spatial function", 9],
    ['open gt false', "Cannot order booleans with 'gt': use eq or ne", 5],
    ['depth gt null', "Cannot compare with null using 'gt': use eq or ne", 6],
    ['name add 1 eq 2', "Expected a number for 'add', found property 'name' (a string)", 5],
    ["1 div 'a' eq 1", "Expected a number for 'div', found a string", 2],
    ['-name eq 1', "Expected a number for '-', found property 'name' (a string)", 1],
    ["startswith(depth, 'a')", "Expected a string as argument 1 of startswith(…), found property 'depth' (a number)", 11],
    ['length(null) eq 1', 'Expected a string as argument 1 of length(…), found null', 7],
    ['year(name) eq 1', "Expected a date-time as argument 1 of year(…), found property 'name' (a string)", 5],
    ['hour(depth) eq 1', "Expected a date-time or a time of day as argument 1 of hour(…), found property 'depth' (a number)", 5],
    ['geo.intersects(location, name)', "Expected a geometry as argument 2 of geo.intersects(…), found property 'name' (a string)", 25],
    ["st_relate(location, location, 'XYZ')", "Expected a DE-9IM pattern of nine T, F, *, 0, 1 or 2, found 'XYZ'", 30],
    ['depth', "Expected a boolean as the filter (a condition), found property 'depth' (a number)", 0],
    ['depth add 1', 'Expected a boolean as the filter (a condition), found a number', 6],
    ['length(name)', 'Expected a boolean as the filter (a condition), found length(…) (a number)', 0],
    ['depth eq 1 and name', "Expected a boolean for 'and', found property 'name' (a string)", 11],
    ['name or open', "Expected a boolean for 'or', found property 'name' (a string)", 5],
    ['not depth', "Expected a boolean for 'not', found property 'depth' (a number)", 4],
  ])('%s', (filter, message, position) => {
    expect(filterError(filter)).toEqual({ message, position });
  });

  it('names the option: $orderby, or $expand for a nested filter', () => {
    const [order] = parseQueryOptions({ $orderby: 'id,location desc' }).orderby.slice(1);
    expect(errorOf(() => orderSql(order!, resolve))).toEqual({ message: "Cannot order by property 'location' (a geometry)", position: 3, option: '$orderby' });
    const nested = parseQueryOptions({ $expand: 'Observations($filter=nowhere eq 1)' }).expand[0]!.options.filter!;
    expect(errorOf(() => filterSql(nested, resolve, '$expand'))).toEqual({ message: "Unknown property 'nowhere'", position: 21, option: '$expand' });
  });

  it('leaves the table whole', async () => {
    expect(await ids('true')).toEqual([1, 2, 3, 4]);
  });
});
