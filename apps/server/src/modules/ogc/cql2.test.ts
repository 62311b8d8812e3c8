import { describe, expect, it } from 'vitest';
import { Cql2Error, MAX_DEPTH, MAX_LENGTH, parseCql2, type Cql2 } from './cql2.js';

const prop = (name: string, position: number) => ({ kind: 'property', name, position });
const str = (value: string, position: number) => ({ kind: 'string', value, position });
const num = (value: number, position: number) => ({ kind: 'number', value, position });

/** The tree without positions, to compare shapes. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (k === 'position' ? [] : [[k, shape(v)]])));
  return value;
}

const parsed = (text: string) => shape(parseCql2(text));

function errorOf(text: string): { message: string; position: number } {
  try {
    parseCql2(text);
  } catch (error) {
    if (!(error instanceof Cql2Error)) throw error;
    return { message: error.message, position: error.position };
  }
  throw new Error(`${text} parsed`);
}

describe('comparisons', () => {
  it('parses each operator with positions', () => {
    for (const op of ['=', '<>', '<', '>', '<=', '>=']) {
      expect(parseCql2(`depth ${op} 10`)).toEqual({ op, args: [prop('depth', 0), num(10, 7 + op.length)] });
    }
  });

  it('reads numbers: integers, decimals, negatives, exponents', () => {
    for (const [text, value] of [
      ['42', 42],
      ['-3.5', -3.5],
      ['.5', 0.5],
      ['1e3', 1000],
      ['-2.5E-2', -0.025],
    ] as const) {
      expect(parsed(`x = ${text}`)).toEqual({
        op: '=',
        args: [
          { kind: 'property', name: 'x' },
          { kind: 'number', value },
        ],
      });
    }
  });

  it('reads strings with doubled quotes, booleans, dates and timestamps', () => {
    expect(parseCql2("title = 'O''Brien'")).toEqual({ op: '=', args: [prop('title', 0), str("O'Brien", 8)] });
    expect(parsed("t = ''")).toEqual({
      op: '=',
      args: [
        { kind: 'property', name: 't' },
        { kind: 'string', value: '' },
      ],
    });
    expect(parsed('open = TRUE')).toEqual({
      op: '=',
      args: [
        { kind: 'property', name: 'open' },
        { kind: 'boolean', value: true },
      ],
    });
    expect(parsed('open <> false')).toEqual({
      op: '<>',
      args: [
        { kind: 'property', name: 'open' },
        { kind: 'boolean', value: false },
      ],
    });
    expect(parseCql2("updated > DATE('2020-01-01')")).toEqual({ op: '>', args: [prop('updated', 0), { kind: 'date', value: '2020-01-01', position: 10 }] });
    expect(parsed("updated >= timestamp('2020-01-01T00:00:00Z')")).toEqual({
      op: '>=',
      args: [
        { kind: 'property', name: 'updated' },
        { kind: 'timestamp', value: '2020-01-01T00:00:00Z' },
      ],
    });
    expect(parsed("u < TIMESTAMP('2021-04-16T10:13:58.5+02:00')")).toMatchObject({ args: [{}, { kind: 'timestamp' }] });
  });

  it('takes properties bare or double-quoted, and a literal on either side', () => {
    expect(parsed('metadata_x = "a b"')).toEqual({
      op: '=',
      args: [
        { kind: 'property', name: 'metadata_x' },
        { kind: 'property', name: 'a b' },
      ],
    });
    expect(parsed('"and" = 1')).toEqual({
      op: '=',
      args: [
        { kind: 'property', name: 'and' },
        { kind: 'number', value: 1 },
      ],
    });
    expect(parsed('"say ""hi""" = 1')).toMatchObject({ args: [{ name: 'say "hi"' }, {}] });
    expect(parsed('10 < depth')).toEqual({
      op: '<',
      args: [
        { kind: 'number', value: 10 },
        { kind: 'property', name: 'depth' },
      ],
    });
    expect(parsed('ns:név.x=1')).toMatchObject({ args: [{ name: 'ns:név.x' }, {}] });
  });
});

describe('logic', () => {
  it('binds AND tighter than OR', () => {
    expect(parsed('a = 1 OR b = 2 AND c = 3')).toEqual(
      shape({
        op: 'or',
        args: [
          { op: '=', args: [prop('a', 0), num(1, 0)] },
          {
            op: 'and',
            args: [
              { op: '=', args: [prop('b', 0), num(2, 0)] },
              { op: '=', args: [prop('c', 0), num(3, 0)] },
            ],
          },
        ],
      }),
    );
  });

  it('follows parentheses', () => {
    const tree = parseCql2('(a = 1 OR b = 2) AND c = 3') as Extract<Cql2, { op: 'and' | 'or' }>;
    expect(tree.op).toBe('and');
    expect(tree.args.map((arg) => arg.op)).toEqual(['or', '=']);
  });

  it('collects a chain into one list', () => {
    expect((parseCql2('a=1 and b=2 and c=3 and d=4') as Extract<Cql2, { op: 'and' | 'or' }>).args).toHaveLength(4);
  });

  it('binds NOT tighter than AND', () => {
    expect(parsed('NOT a = 1 AND b = 2')).toEqual(
      shape({
        op: 'and',
        args: [
          { op: 'not', arg: { op: '=', args: [prop('a', 0), num(1, 0)] } },
          { op: '=', args: [prop('b', 0), num(2, 0)] },
        ],
      }),
    );
    expect(parsed('not (a = 1 or b = 2)')).toMatchObject({ op: 'not', arg: { op: 'or' } });
    expect(parsed('NOT NOT a = 1')).toMatchObject({ op: 'not', arg: { op: 'not', arg: { op: '=' } } });
  });

  it('takes keywords in any case', () => {
    expect(parsed('a = 1 Or b = 2 aNd NoT c iS nUlL')).toMatchObject({ op: 'or', args: [{}, { op: 'and', args: [{}, { op: 'not', arg: { op: 'isNull' } }] }] });
  });
});

describe('predicates', () => {
  it('LIKE and NOT LIKE', () => {
    expect(parseCql2("name LIKE 'Smith%'")).toEqual({ op: 'like', arg: prop('name', 0), pattern: str('Smith%', 10) });
    expect(parsed("name not like '_x\\%'")).toEqual({
      op: 'not',
      arg: { op: 'like', arg: { kind: 'property', name: 'name' }, pattern: { kind: 'string', value: '_x\\%' } },
    });
  });

  it('IN and NOT IN', () => {
    expect(parsed("owner IN ('Mike', 'John', 'Tom')")).toEqual({
      op: 'in',
      arg: { kind: 'property', name: 'owner' },
      list: ['Mike', 'John', 'Tom'].map((value) => ({ kind: 'string', value })),
    });
    expect(parsed('depth NOT IN (1, 2.5)')).toMatchObject({ op: 'not', arg: { op: 'in', list: [{ value: 1 }, { value: 2.5 }] } });
  });

  it('BETWEEN and NOT BETWEEN, whose AND is its own', () => {
    expect(parsed('depth BETWEEN 100 AND 150.5 AND x = 1')).toEqual({
      op: 'and',
      args: [
        { op: 'between', arg: { kind: 'property', name: 'depth' }, low: { kind: 'number', value: 100 }, high: { kind: 'number', value: 150.5 } },
        {
          op: '=',
          args: [
            { kind: 'property', name: 'x' },
            { kind: 'number', value: 1 },
          ],
        },
      ],
    });
    expect(parsed('depth not between 1 and 2')).toMatchObject({ op: 'not', arg: { op: 'between' } });
  });

  it('IS NULL and IS NOT NULL', () => {
    expect(parsed('geometry IS NULL')).toEqual({ op: 'isNull', arg: { kind: 'property', name: 'geometry' } });
    expect(parsed('"a b" IS NOT NULL')).toEqual({ op: 'not', arg: { op: 'isNull', arg: { kind: 'property', name: 'a b' } } });
  });
});

describe('S_INTERSECTS', () => {
  it('with a BBOX', () => {
    expect(parseCql2('S_INTERSECTS(geometry, BBOX(-180, -90, 180, 90.5))')).toEqual({
      op: 's_intersects',
      args: [prop('geometry', 13), { kind: 'bbox', bbox: [-180, -90, 180, 90.5], position: 23 }],
    });
    expect(parsed('s_intersects(geometry,bbox(1,2,3,4))')).toMatchObject({ op: 's_intersects', args: [{}, { bbox: [1, 2, 3, 4] }] });
  });

  it('with each WKT geometry', () => {
    const geometryOf = (wkt: string) => (parsed(`S_INTERSECTS(geometry, ${wkt})`) as { args: [unknown, { geometry: unknown }] }).args[1].geometry;
    expect(geometryOf('POINT(36.319836 32.288087)')).toEqual({ type: 'Point', coordinates: [36.319836, 32.288087] });
    expect(geometryOf('LINESTRING(0 0, 1 1, -2 3e1)')).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
        [-2, 30],
      ],
    });
    const ring = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    expect(geometryOf('polygon((0 0, 1 0, 1 1, 0 0))')).toEqual({ type: 'Polygon', coordinates: [ring] });
    expect(geometryOf('MULTIPOINT((1 2), (3 4))')).toEqual({
      type: 'MultiPoint',
      coordinates: [
        [1, 2],
        [3, 4],
      ],
    });
    expect(geometryOf('MULTIPOINT(1 2, 3 4)')).toEqual({
      type: 'MultiPoint',
      coordinates: [
        [1, 2],
        [3, 4],
      ],
    });
    expect(geometryOf('MULTILINESTRING((0 0, 1 1), (2 2, 3 3))')).toMatchObject({
      type: 'MultiLineString',
      coordinates: [
        [
          [0, 0],
          [1, 1],
        ],
        [
          [2, 2],
          [3, 3],
        ],
      ],
    });
    expect(geometryOf('MULTIPOLYGON(((0 0, 1 0, 1 1, 0 0)), ((0 0, 1 0, 1 1, 0 0), (0 0, 1 0, 1 1, 0 0)))')).toEqual({
      type: 'MultiPolygon',
      coordinates: [[ring], [ring, ring]],
    });
  });

  it('combines with other predicates', () => {
    expect(parsed("S_INTERSECTS(geometry, POINT(1 2)) AND title = 'x'")).toMatchObject({ op: 'and', args: [{ op: 's_intersects' }, { op: '=' }] });
  });
});

describe('errors name what was expected and where', () => {
  it.each([
    ["title = 'abc", 'Unterminated string starting at position 8', 8],
    ['"title = 1', 'Unterminated quoted property name starting at position 0', 0],
    ['depth >= ', "Expected a value after '>=' at position 9", 9],
    ['depth = )', "Expected a value after '=' at position 8", 8],
    ['depth', 'Expected a comparison (=, <>, <, >, <=, >=, LIKE, IN, BETWEEN or IS NULL) at position 5', 5],
    ['foo(1) = 2', "Unknown function 'foo' at position 0", 0],
    ['a = upper(b)', "Unknown function 'upper' at position 4", 4],
    ['S_INTERSECTS(geometry, CIRCLE(1 2))', "Unknown function 'CIRCLE' at position 23", 23],
    ['a = 1 b = 2', 'Expected AND, OR or the end of the filter at position 6', 6],
    ['a = 1)', 'Expected AND, OR or the end of the filter at position 5', 5],
    ['(a = 1', "Expected ')' to close the parenthesis at position 6", 6],
    ['', 'Expected a filter at position 0', 0],
    ['a = 1 AND', 'Expected a property or a value at position 9', 9],
    ['a = 1 OR OR b = 2', 'Expected a property or a value at position 9', 9],
    ['a # 1', "Unexpected character '#' at position 2", 2],
    ['a IS 1', 'Expected NULL after IS at position 5', 5],
    ['a NOT = 1', 'Expected LIKE, IN or BETWEEN after NOT at position 6', 6],
    ['a LIKE b', "Expected a quoted pattern after LIKE, such as 'abc%' at position 7", 7],
    ['a IN ()', 'Expected a value in the IN list at position 6', 6],
    ['a IN (1, b)', 'Expected a value after the comma, not a property at position 9', 9],
    ['a BETWEEN 1 OR 2', 'Expected AND between the bounds of BETWEEN at position 12', 12],
    ["d = DATE('2021-02-30')", "Expected a date such as '2020-01-31' in DATE(…) at position 9", 9],
    ["d = TIMESTAMP('2021-02-03')", "Expected a timestamp such as '2020-01-31T12:00:00Z' in TIMESTAMP(…) at position 14", 14],
    ['a = 1e999', 'Expected a number at position 4', 4],
    ['S_INTERSECTS(geometry, BBOX(1, 2, 3))', "Expected ',' between the numbers of BBOX(minLon, minLat, maxLon, maxLat) at position 35", 35],
    ['S_INTERSECTS(geometry, POINT(1))', 'Expected a number at position 30', 30],
    ['S_INTERSECTS(geometry, LINESTRING(1 2))', 'A line needs two positions or more at position 33', 33],
    ['S_INTERSECTS(geometry, POLYGON((0 0, 1 0, 1 1, 0 1)))', 'A polygon ring needs four positions or more, its last the same as its first at position 31', 31],
    ['S_INTERSECTS(geometry POINT(1 2))', "Expected ',' between the arguments of S_INTERSECTS at position 22", 22],
    ["S_INTERSECTS(geometry, 'x')", 'Expected a geometry property, a BBOX or a WKT geometry at position 23', 23],
  ])('%s', (text, message, position) => {
    expect(errorOf(text)).toEqual({ message, position });
  });

  it(`refuses a filter nested deeper than ${MAX_DEPTH}`, () => {
    expect(parsed(`${'('.repeat(MAX_DEPTH)}a = 1${')'.repeat(MAX_DEPTH)}`)).toMatchObject({ op: '=' });
    expect(errorOf(`${'('.repeat(MAX_DEPTH + 1)}a = 1${')'.repeat(MAX_DEPTH + 1)}`)).toEqual({
      message: `The filter nests deeper than ${MAX_DEPTH} levels at position ${MAX_DEPTH}`,
      position: MAX_DEPTH,
    });
    expect(errorOf(`${'NOT '.repeat(2000)}a = 1`).message).toMatch(/nests deeper than/);
  });

  it(`refuses a filter longer than ${MAX_LENGTH} characters`, () => {
    const long = `a IN (${Array.from({ length: 3000 }, (_, i) => i).join(',')})`;
    expect(long.length).toBeGreaterThan(MAX_LENGTH);
    expect(errorOf(long)).toEqual({ message: `The filter is longer than ${MAX_LENGTH} characters at position ${MAX_LENGTH}`, position: MAX_LENGTH });
    expect(parsed(`title = '${'x'.repeat(MAX_LENGTH - 10)}'`)).toMatchObject({ op: '=' });
  });

  it('is a Cql2Error, an Error', () => {
    expect(() => parseCql2('a =')).toThrow(Cql2Error);
    expect(() => parseCql2('a =')).toThrow(Error);
  });
});
