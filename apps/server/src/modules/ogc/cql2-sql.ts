import { sql, type SQL } from 'drizzle-orm';
import { Cql2Error, type Cql2, type Cql2Comparison, type Cql2Geometry, type Cql2Literal, type Cql2Scalar, type Cql2Spatial } from './cql2.js';
import type { WktGeometry, WktPosition } from '../../lib/wkt.js';

/**
 * A parsed CQL2 filter (cql2.ts) as a drizzle SQL condition over a collection's queryables.
 *
 * The caller gives each queryable's SQL already typed: numeric (or another number type) for
 * number and integer, boolean, date, timestamptz, text for string, geometry(4326) for
 * geometry; one that reads a JSON field casts it safely itself, so a stored value of another
 * kind reads as null. This module compares only: every literal is a bound parameter cast to
 * its own type, never text built into the SQL. A literal must fit the property it meets
 * (a number for a number, text for a string, a date or timestamp for either temporal type),
 * LIKE takes text only and is case-sensitive (CQL2's wildcards % and _, and its escape \,
 * are SQL's), BETWEEN takes numbers or instants. Geometries are longitude, latitude (CRS84):
 * a BBOX becomes ST_MakeEnvelope, a WKT geometry one parameter of ST_GeomFromText, both in 4326.
 */

export interface Queryable {
  sql: SQL;
  type: 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'timestamp' | 'geometry';
}

type Lookup = (name: string) => Queryable | undefined;

/** What can be compared with what: integers with numbers, dates with timestamps. */
type Family = 'text' | 'number' | 'boolean' | 'instant' | 'geometry';

const FAMILY: Record<Queryable['type'] | Cql2Literal['kind'], Family> = {
  string: 'text',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  date: 'instant',
  timestamp: 'instant',
  geometry: 'geometry',
};

const NOUN: Record<Family, string> = { text: 'a string', number: 'a number', boolean: 'a boolean', instant: 'a date or timestamp', geometry: 'a geometry' };

const OPERATORS: Record<Cql2Comparison, SQL> = { '=': sql`=`, '<>': sql`<>`, '<': sql`<`, '>': sql`>`, '<=': sql`<=`, '>=': sql`>=` };

interface Operand {
  sql: SQL;
  family: Family;
  position: number;
  /** How an error names it: "property 'depth' (a number)" or "a string". */
  label: string;
}

/** The filter as a SQL condition; throws Cql2Error for an unknown property or a literal that does not fit. */
export function cql2ToSql(expr: Cql2, queryable: Lookup): SQL {
  switch (expr.op) {
    case 'and':
    case 'or':
      return sql`(${sql.join(
        expr.args.map((arg) => cql2ToSql(arg, queryable)),
        expr.op === 'and' ? sql` and ` : sql` or `,
      )})`;
    case 'not':
      return sql`(not ${cql2ToSql(expr.arg, queryable)})`;
    case 'like':
      return like(operand(expr.arg, queryable), operand(expr.pattern, queryable));
    case 'in':
      return within(operand(expr.arg, queryable), expr.list, queryable);
    case 'between':
      return between(operand(expr.arg, queryable), operand(expr.low, queryable), operand(expr.high, queryable));
    case 'isNull':
      return sql`(${operand(expr.arg, queryable).sql} is null)`;
    case 's_intersects':
      return sql`ST_Intersects(${spatial(expr.args[0], queryable)}, ${spatial(expr.args[1], queryable)})`;
    default:
      return compare(expr.op, operand(expr.args[0], queryable), operand(expr.args[1], queryable));
  }
}

function property(name: string, position: number, queryable: Lookup): Queryable {
  const found = queryable(name);
  if (!found) throw new Cql2Error(`Unknown property '${name}'`, position);
  return found;
}

function operand(scalar: Cql2Scalar, queryable: Lookup): Operand {
  const { position } = scalar;
  if (scalar.kind === 'property') {
    const { sql: value, type } = property(scalar.name, position, queryable);
    const family = FAMILY[type];
    return { sql: value, family, position, label: `property '${scalar.name}' (${NOUN[family]})` };
  }
  const family = FAMILY[scalar.kind];
  return { sql: literal(scalar), family, position, label: NOUN[family] };
}

/** A literal as a parameter cast to its type, so it means the same beside a column or another literal. */
function literal(value: Cql2Literal): SQL {
  switch (value.kind) {
    case 'string':
      return sql`${value.value}::text`;
    case 'number':
      return sql`${value.value}::numeric`;
    case 'boolean':
      return sql`${value.value}::boolean`;
    case 'date':
      return sql`${value.value}::date`;
    case 'timestamp':
      return sql`${value.value}::timestamptz`;
  }
}

/** Throws unless the two can be compared; the error stands at the second, or at a geometry. */
function assertComparable(left: Operand, right: Operand, what: string): void {
  const geometry = [left, right].find((side) => side.family === 'geometry');
  if (geometry) throw new Cql2Error(`Cannot ${what} ${geometry.label}: use S_INTERSECTS`, geometry.position);
  if (left.family !== right.family) throw new Cql2Error(`Cannot ${what} ${left.label} with ${right.label}`, right.position);
}

function compare(op: Cql2Comparison, left: Operand, right: Operand): SQL {
  assertComparable(left, right, 'compare');
  return sql`(${left.sql} ${OPERATORS[op]} ${right.sql})`;
}

function like(value: Operand, pattern: Operand): SQL {
  if (value.family !== 'text') throw new Cql2Error(`LIKE takes text, not ${value.label}`, value.position);
  return sql`(${value.sql} like ${pattern.sql})`;
}

function within(value: Operand, list: Cql2Literal[], queryable: Lookup): SQL {
  const items = list.map((item) => operand(item, queryable));
  for (const item of items) assertComparable(value, item, 'compare');
  return sql`(${value.sql} in (${sql.join(
    items.map((item) => item.sql),
    sql`, `,
  )}))`;
}

function between(value: Operand, low: Operand, high: Operand): SQL {
  if (value.family !== 'number' && value.family !== 'instant') {
    throw new Cql2Error(`BETWEEN takes numbers, dates or timestamps, not ${value.label}`, value.position);
  }
  assertComparable(value, low, 'compare');
  assertComparable(value, high, 'compare');
  return sql`(${value.sql} between ${low.sql} and ${high.sql})`;
}

function spatial(arg: Cql2Spatial, queryable: Lookup): SQL {
  if (arg.kind !== 'property') return geometrySql(arg);
  const { sql: value, type } = property(arg.name, arg.position, queryable);
  if (type !== 'geometry') throw new Cql2Error(`S_INTERSECTS takes geometries, not property '${arg.name}' (${NOUN[FAMILY[type]]})`, arg.position);
  return value;
}

function geometrySql(geometry: Cql2Geometry): SQL {
  if (geometry.kind === 'wkt') return sql`ST_GeomFromText(${wktOf(geometry.geometry)}, 4326)`;
  const [minLon, minLat, maxLon, maxLat] = geometry.bbox;
  return sql`ST_MakeEnvelope(${minLon}::float8, ${minLat}::float8, ${maxLon}::float8, ${maxLat}::float8, 4326)`;
}

const point = ([lon, lat]: WktPosition) => `${lon} ${lat}`;
const line = (positions: WktPosition[]) => `(${positions.map(point).join(', ')})`;
const polygon = (rings: WktPosition[][]) => `(${rings.map(line).join(', ')})`;

/** The geometry as WKT again, from the parsed numbers only. */
export function wktOf(geometry: WktGeometry): string {
  switch (geometry.type) {
    case 'Point':
      return `POINT(${point(geometry.coordinates)})`;
    case 'LineString':
      return `LINESTRING${line(geometry.coordinates)}`;
    case 'Polygon':
      return `POLYGON${polygon(geometry.coordinates)}`;
    case 'MultiPoint':
      return `MULTIPOINT(${geometry.coordinates.map((p) => `(${point(p)})`).join(', ')})`;
    case 'MultiLineString':
      return `MULTILINESTRING(${geometry.coordinates.map(line).join(', ')})`;
    case 'MultiPolygon':
      return `MULTIPOLYGON(${geometry.coordinates.map(polygon).join(', ')})`;
  }
}
