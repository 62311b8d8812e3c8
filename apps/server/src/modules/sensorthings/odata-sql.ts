import { sql, type SQL } from 'drizzle-orm';
import { ODataError, type ArithmeticOp, type ComparisonOp, type Expr, type FunctionName, type Literal, type OrderBy } from './odata.js';

/**
 * A parsed $filter or $orderby item (odata.ts) as drizzle SQL.
 *
 * The caller resolves each property path to typed SQL: text, a number type, boolean,
 * timestamptz ('time'), geometry(Geometry, 4326), or an observation's result, a double and a
 * text column used as the other side needs (a number with numbers and arithmetic, text with
 * strings and string functions, a number by default). Every literal is a bound parameter cast
 * to its type. Instants compare as instants; date functions read them in UTC. Types are checked
 * before any SQL is sent: a string compared with a number is an ODataError at the operator.
 *
 * Comparisons follow SQL's logic of null: a row whose value is null matches neither `x eq 1`
 * nor `x ne 1` (nor `not (x eq 1)`); `eq null` and `ne null` are IS NULL and IS NOT NULL.
 */

/** What a property path stands for in SQL. */
export type Typed =
  | { type: 'string' | 'number' | 'boolean' | 'time' | 'geometry'; sql: SQL }
  /** A value that is a number or a text (an observation's result: kept in a double column and a text column): used as the other side needs, a number by default. */
  | { type: 'result'; number: SQL; text: SQL };

/** Resolves a property path (segments as written; 'id' for @iot.id) for the entity set the filter is on; throws ODataError('Unknown property …', position, '$filter') for an unknown one. */
export type Resolve = (segments: string[], position: number) => Typed;

/** 'time' is timestamptz, 'timeofday' a time (what time() answers). */
type Type = 'string' | 'number' | 'boolean' | 'time' | 'timeofday' | 'geometry' | 'null' | 'result';

interface Value {
  type: Type;
  /** Its SQL; a result's number. */
  sql: SQL;
  /** A result's text. */
  text?: SQL;
  position: number;
  /** How an error names it: "property 'name' (a string)", "a number". */
  label: string;
}

interface Context {
  resolve: Resolve;
  /** The option errors name. */
  option: string;
}

const NOUN: Record<Type, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  time: 'a date-time',
  timeofday: 'a time of day',
  geometry: 'a geometry',
  null: 'null',
  result: 'a number or a string',
};

/** The filter as a boolean SQL condition; a filter of another type is an ODataError. `option` names nested filters ('$expand'). */
export function filterSql(expr: Expr, resolve: Resolve, option = '$filter'): SQL {
  const context = { resolve, option };
  return as(value(expr, context), 'boolean', 'as the filter (a condition)', context);
}

/** An ORDER BY item, direction included; a result orders by its number, then its text. */
export function orderSql(order: OrderBy, resolve: Resolve, option = '$orderby'): SQL {
  const found = value(order.expr, { resolve, option });
  const direction = order.desc ? sql`desc` : sql`asc`;
  if (found.type === 'geometry' || found.type === 'null') throw new ODataError(`Cannot order by ${found.label}`, found.position, option);
  if (found.type === 'result') return sql`${found.sql} ${direction}, ${found.text!} ${direction}`;
  return sql`${found.sql} ${direction}`;
}

function value(expr: Expr, context: Context): Value {
  switch (expr.kind) {
    case 'literal':
      return literal(expr);
    case 'path':
      return property(expr.segments, expr.position, context);
    case 'unary': {
      const arg = value(expr.arg, context);
      if (expr.op === 'not') return computed('boolean', sql`(not ${as(arg, 'boolean', "for 'not'", context)})`, expr.position);
      return computed('number', sql`(- ${as(arg, 'number', "for '-'", context)})`, expr.position);
    }
    case 'binary':
      return binary(expr, context);
    case 'call':
      return call(expr, context);
  }
}

function computed(type: Type, sqlValue: SQL, position: number, label = NOUN[type]): Value {
  return { type, sql: sqlValue, position, label };
}

/** A literal as a parameter cast to its type. */
function literal(node: Literal): Value {
  const of = (type: Type, sqlValue: SQL) => computed(type, sqlValue, node.position);
  switch (node.type) {
    case 'string':
      return of('string', sql`${node.value}::text`);
    case 'number':
      // An integer as int8 keeps an index on an integer column (an id) usable; others are doubles.
      return of('number', Number.isSafeInteger(node.value) ? sql`${node.value}::int8` : sql`${node.value}::float8`);
    case 'boolean':
      return of('boolean', sql`${node.value}::boolean`);
    case 'null':
      return of('null', sql`null`);
    case 'datetime':
      return of('time', sql`${node.value}::timestamptz`);
    case 'timeofday':
      return of('timeofday', sql`${node.value}::time`);
    case 'geometry':
      return of('geometry', sql`ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(node.value)}::text), 4326)`);
  }
}

function property(segments: string[], position: number, context: Context): Value {
  let typed: Typed;
  try {
    typed = context.resolve(segments, position);
  } catch (error) {
    // The resolver names $filter; a nested filter's positions are in $expand's text.
    if (error instanceof ODataError && error.option !== context.option) throw new ODataError(error.message, error.position, context.option);
    throw error;
  }
  const name = `property '${segments.join('/')}'`;
  if (typed.type === 'result') return { type: 'result', sql: typed.number, text: typed.text, position, label: `${name} (${NOUN.result})` };
  return { type: typed.type, sql: typed.sql, position, label: `${name} (${NOUN[typed.type]})` };
}

/** The value's SQL as `type` (a result as its number or its text); an ODataError otherwise. */
function as(found: Value, type: Type, where: string, context: Context, position = found.position): SQL {
  if (found.type === type) return found.sql;
  if (found.type === 'result' && type === 'number') return found.sql;
  if (found.type === 'result' && type === 'string') return found.text!;
  throw new ODataError(`Expected ${NOUN[type]} ${where}, found ${found.label}`, position, context.option);
}

type Binary = Extract<Expr, { kind: 'binary' }>;

function binary(expr: Binary, context: Context): Value {
  const { op, position } = expr;
  if (op === 'and' || op === 'or') return logical(expr, op, context);
  const left = value(expr.left, context);
  const right = value(expr.right, context);
  if (op === 'add' || op === 'sub' || op === 'mul' || op === 'div' || op === 'mod') return arithmetic(op, left, right, position, context);
  return computed('boolean', compare(op, left, right, position, context), position);
}

/** A chain of one operator (a or b or c) as one flat list: a long list of alternatives does not recurse once per item. */
function logical(expr: Binary, op: 'and' | 'or', context: Context): Value {
  const operands: SQL[] = [];
  let node: Expr = expr;
  let position = expr.position;
  const condition = (operand: Expr) => as(value(operand, context), 'boolean', `for '${op}'`, context, position);
  while (node.kind === 'binary' && node.op === op) {
    position = node.position;
    operands.push(condition(node.right));
    node = node.left;
  }
  operands.push(condition(node));
  return computed('boolean', sql`(${sql.join(operands.reverse(), op === 'and' ? sql` and ` : sql` or `)})`, expr.position);
}

const COMPARISONS: Record<ComparisonOp, SQL> = { eq: sql`=`, ne: sql`<>`, gt: sql`>`, ge: sql`>=`, lt: sql`<`, le: sql`<=` };

function compare(op: ComparisonOp, left: Value, right: Value, position: number, context: Context): SQL {
  const fail = (message: string) => new ODataError(message, position, context.option);
  if (left.type === 'null' || right.type === 'null') return nullTest(op, left.type === 'null' ? right : left, fail);
  const type = commonType(left.type, right.type);
  if (!type) throw fail(`Cannot compare ${left.label} with ${right.label}`);
  if (type === 'geometry') throw fail(`Cannot compare geometries with '${op}': use st_equals or another spatial function`);
  if (type === 'boolean' && op !== 'eq' && op !== 'ne') throw fail(`Cannot order booleans with '${op}': use eq or ne`);
  return sql`(${as(left, type, '', context)} ${COMPARISONS[op]} ${as(right, type, '', context)})`;
}

/** The type two sides compare as: a result takes the other side's number or string type, two results compare as numbers. */
function commonType(left: Type, right: Type): Type | null {
  if (left === 'result' && right === 'result') return 'number';
  if (left === 'result') return right === 'number' || right === 'string' ? right : null;
  if (right === 'result') return left === 'number' || left === 'string' ? left : null;
  return left === right ? left : null;
}

/** x eq null, x ne null (null eq null is true); a result is null when both its sides are. */
function nullTest(op: ComparisonOp, other: Value, fail: (message: string) => ODataError): SQL {
  if (op !== 'eq' && op !== 'ne') throw fail(`Cannot compare with null using '${op}': use eq or ne`);
  const isNull =
    other.type === 'null' ? sql`true` : other.type === 'result' ? sql`(${other.sql} is null and ${other.text!} is null)` : sql`(${other.sql} is null)`;
  return op === 'eq' ? isNull : sql`(not ${isNull})`;
}

const ARITHMETIC: Record<'add' | 'sub' | 'mul', SQL> = { add: sql`+`, sub: sql`-`, mul: sql`*` };

function arithmetic(op: ArithmeticOp, left: Value, right: Value, position: number, context: Context): Value {
  const a = as(left, 'number', `for '${op}'`, context, position);
  const b = as(right, 'number', `for '${op}'`, context, position);
  // Division by zero is null (no row matches) rather than a failed statement.
  if (op === 'div') return computed('number', sql`((${a})::float8 / nullif((${b})::float8, 0))`, position);
  if (op === 'mod') return computed('number', sql`mod((${a})::numeric, nullif((${b})::numeric, 0))`, position);
  // numeric: exact decimals (0.1 add 0.2 eq 0.3) and no integer overflow.
  return computed('number', sql`((${a})::numeric ${ARITHMETIC[op]} (${b})::numeric)`, position);
}

/** What a function takes: a type, or 'clock' (a date-time read in UTC, or a time of day). */
type Param = Exclude<Type, 'null' | 'result'> | 'clock';

interface Fn {
  params: Param[];
  result: Type;
  sql: (args: SQL[]) => SQL;
}

const fn = (params: Param[], result: Type, build: (args: SQL[]) => SQL): Fn => ({ params, result, sql: build });
const utc = (time: SQL | undefined) => sql`((${time}) at time zone 'UTC')`;
const spatial = (name: string): Fn => fn(['geometry', 'geometry'], 'boolean', ([a, b]) => sql`${sql.raw(name)}(${a}, ${b})`);

/** Each function's SQL. Geometries are in 4326, so geo.distance and geo.length answer degrees, not metres. */
const FUNCTIONS: Record<FunctionName, Fn> = {
  // substringof(a, b): whether a is in b. The three matchers are literal: no LIKE wildcards.
  substringof: fn(['string', 'string'], 'boolean', ([a, b]) => sql`(strpos(${b}, ${a}) > 0)`),
  startswith: fn(['string', 'string'], 'boolean', ([a, b]) => sql`starts_with(${a}, ${b})`),
  endswith: fn(['string', 'string'], 'boolean', ([a, b]) => sql`(right(${a}, char_length(${b})) = ${b})`),
  length: fn(['string'], 'number', ([a]) => sql`char_length(${a})`),
  // OData counts from 0, SQL from 1.
  indexof: fn(['string', 'string'], 'number', ([a, b]) => sql`(strpos(${a}, ${b}) - 1)`),
  substring: fn(['string', 'number', 'number'], 'string', ([a, start, length]) =>
    length ? sql`substr(${a}, greatest((${start})::int, 0) + 1, greatest((${length})::int, 0))` : sql`substr(${a}, greatest((${start})::int, 0) + 1)`,
  ),
  tolower: fn(['string'], 'string', ([a]) => sql`lower(${a})`),
  toupper: fn(['string'], 'string', ([a]) => sql`upper(${a})`),
  trim: fn(['string'], 'string', ([a]) => sql`btrim(${a})`),
  concat: fn(['string', 'string'], 'string', ([a, b]) => sql`(${a} || ${b})`),
  year: fn(['time'], 'number', ([t]) => sql`extract(year from ${utc(t)})`),
  month: fn(['time'], 'number', ([t]) => sql`extract(month from ${utc(t)})`),
  day: fn(['time'], 'number', ([t]) => sql`extract(day from ${utc(t)})`),
  hour: fn(['clock'], 'number', ([t]) => sql`extract(hour from ${t})`),
  minute: fn(['clock'], 'number', ([t]) => sql`extract(minute from ${t})`),
  second: fn(['clock'], 'number', ([t]) => sql`floor(extract(second from ${t}))`),
  fractionalseconds: fn(['clock'], 'number', ([t]) => sql`mod(extract(second from ${t}), 1)`),
  // date() is the instant of that day's midnight UTC, so it compares with a date literal (2012-06-01).
  date: fn(['time'], 'time', ([t]) => sql`date_trunc('day', ${t}, 'UTC')`),
  time: fn(['time'], 'timeofday', ([t]) => sql`${utc(t)}::time`),
  // timestamptz keeps the instant, not the offset it was written with: every value reads as UTC.
  totaloffsetminutes: fn(['time'], 'number', ([t]) => sql`(case when ${t} is not null then 0 end)`),
  now: fn([], 'time', () => sql`now()`),
  mindatetime: fn([], 'time', () => sql`${'-infinity'}::timestamptz`),
  maxdatetime: fn([], 'time', () => sql`${'infinity'}::timestamptz`),
  // numeric rounds half away from zero (a double's round() rounds half to even).
  round: fn(['number'], 'number', ([n]) => sql`round((${n})::numeric)`),
  floor: fn(['number'], 'number', ([n]) => sql`floor(${n})`),
  ceiling: fn(['number'], 'number', ([n]) => sql`ceiling(${n})`),
  'geo.distance': fn(['geometry', 'geometry'], 'number', ([a, b]) => sql`ST_Distance(${a}, ${b})`),
  'geo.length': fn(['geometry'], 'number', ([a]) => sql`ST_Length(${a})`),
  'geo.intersects': spatial('ST_Intersects'),
  st_equals: spatial('ST_Equals'),
  st_disjoint: spatial('ST_Disjoint'),
  st_touches: spatial('ST_Touches'),
  st_within: spatial('ST_Within'),
  st_overlaps: spatial('ST_Overlaps'),
  st_crosses: spatial('ST_Crosses'),
  st_intersects: spatial('ST_Intersects'),
  st_contains: spatial('ST_Contains'),
  st_relate: fn(['geometry', 'geometry', 'string'], 'boolean', ([a, b, pattern]) => sql`ST_Relate(${a}, ${b}, ${pattern})`),
};

/** A DE-9IM pattern: nine of T F * 0 1 2. */
const RELATE_PATTERN = /^[TF*012]{9}$/i;

function call(expr: Extract<Expr, { kind: 'call' }>, context: Context): Value {
  const { name, position } = expr;
  const definition = FUNCTIONS[name];
  const args = expr.args.map((arg, i) => param(value(arg, context), definition.params[i]!, `as argument ${i + 1} of ${name}(…)`, context));
  const pattern = name === 'st_relate' ? expr.args[2] : undefined;
  if (pattern?.kind === 'literal' && pattern.type === 'string' && !RELATE_PATTERN.test(pattern.value)) {
    throw new ODataError(`Expected a DE-9IM pattern of nine T, F, *, 0, 1 or 2, found '${pattern.value}'`, pattern.position, context.option);
  }
  return computed(definition.result, definition.sql(args), position, `${name}(…) (${NOUN[definition.result]})`);
}

function param(found: Value, kind: Param, where: string, context: Context): SQL {
  if (kind !== 'clock') return as(found, kind, where, context);
  if (found.type === 'time') return utc(found.sql);
  if (found.type === 'timeofday') return found.sql;
  throw new ODataError(`Expected a date-time or a time of day ${where}, found ${found.label}`, found.position, context.option);
}
