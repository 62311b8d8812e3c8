import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, MAX_LENGTH, ODataError, parseFilter, parseQueryOptions, type Expr } from './odata.js';

const path = (position: number, ...segments: string[]) => ({ kind: 'path', segments, position });
const literal = (type: string, value: unknown, position: number) => ({ kind: 'literal', type, value, position });

/** The tree with its grouping made visible: (a eq 1), (neg x), f(a, b). */
function render(expr: Expr): string {
  switch (expr.kind) {
    case 'literal':
      if (expr.type === 'string') return `'${expr.value}'`;
      return expr.type === 'geometry' ? expr.value.type : String(expr.value);
    case 'path':
      return expr.segments.join('/');
    case 'unary':
      return `(${expr.op} ${render(expr.arg)})`;
    case 'binary':
      return `(${render(expr.left)} ${expr.op} ${render(expr.right)})`;
    case 'call':
      return `${expr.name}(${expr.args.map(render).join(', ')})`;
  }
}

const filtered = (text: string) => render(parseFilter(text));

function errorOf(params: Record<string, string>): { message: string; position: number; option: string } {
  try {
    parseQueryOptions(params);
  } catch (error) {
    if (!(error instanceof ODataError)) throw error;
    return { message: error.message, position: error.position, option: error.option };
  }
  throw new Error(`${JSON.stringify(params)} parsed`);
}

describe('the SensorThings 1.1 examples', () => {
  it('Observations?$filter=result le 3.5 and FeatureOfInterest/id eq 1', () => {
    expect(parseFilter("result le 3.5 and FeatureOfInterest/id eq '1'")).toEqual({
      kind: 'binary',
      op: 'and',
      position: 14,
      left: { kind: 'binary', op: 'le', position: 7, left: path(0, 'result'), right: literal('number', 3.5, 10) },
      right: { kind: 'binary', op: 'eq', position: 39, left: path(18, 'FeatureOfInterest', 'id'), right: literal('string', '1', 42) },
    });
  });

  it('geo.intersects with a geography polygon', () => {
    expect(parseFilter("geo.intersects(location, geography'POLYGON((30 10, 10 20, 20 40, 40 40, 30 10))')")).toEqual({
      kind: 'call',
      name: 'geo.intersects',
      position: 0,
      args: [
        path(15, 'location'),
        literal(
          'geometry',
          {
            type: 'Polygon',
            coordinates: [
              [
                [30, 10],
                [10, 20],
                [20, 40],
                [40, 40],
                [30, 10],
              ],
            ],
          },
          25,
        ),
      ],
    });
  });

  it('$expand=Datastreams/ObservedProperty', () => {
    expect(parseQueryOptions({ $expand: 'Datastreams/ObservedProperty' })).toEqual({
      orderby: [],
      expand: [{ path: ['Datastreams', 'ObservedProperty'], options: { orderby: [], expand: [] } }],
    });
  });

  it('$expand with nested $select, $expand, $top and $orderby', () => {
    expect(parseQueryOptions({ $expand: 'Datastreams($select=id,name;$expand=Observations($top=1;$orderby=phenomenonTime desc))' })).toEqual({
      orderby: [],
      expand: [
        {
          path: ['Datastreams'],
          options: {
            select: ['id', 'name'],
            orderby: [],
            expand: [{ path: ['Observations'], options: { top: 1, orderby: [{ expr: path(65, 'phenomenonTime'), desc: true }], expand: [] } }],
          },
        },
      ],
    });
  });

  it('$orderby=result desc,phenomenonTime', () => {
    expect(parseQueryOptions({ $orderby: 'result desc,phenomenonTime' }).orderby).toEqual([
      { expr: path(0, 'result'), desc: true },
      { expr: path(12, 'phenomenonTime'), desc: false },
    ]);
    expect(parseQueryOptions({ $orderby: 'phenomenonTime asc, year(resultTime) desc' }).orderby.map((o) => [render(o.expr), o.desc])).toEqual([
      ['phenomenonTime', false],
      ['year(resultTime)', true],
    ]);
  });

  it('the functions of the examples', () => {
    expect(parseFilter("substringof('name', description)")).toEqual({
      kind: 'call',
      name: 'substringof',
      position: 0,
      args: [literal('string', 'name', 12), path(20, 'description')],
    });
    expect(parseFilter('year(phenomenonTime) eq 2015')).toEqual({
      kind: 'binary',
      op: 'eq',
      position: 21,
      left: { kind: 'call', name: 'year', args: [path(5, 'phenomenonTime')], position: 0 },
      right: literal('number', 2015, 24),
    });
    expect(filtered("startswith(description,'Sensor') and length(description) le 20")).toBe(
      "(startswith(description, 'Sensor') and (length(description) le 20))",
    );
    expect(filtered("geo.distance(location, geography'POINT(-122 43)') gt 1")).toBe('(geo.distance(location, Point) gt 1)');
    expect(filtered('Datastream/@iot.id eq 1 and @iot.id ne 2')).toBe('((Datastream/id eq 1) and (id ne 2))');
  });

  it('$select, $top, $skip and $count; other keys ignored', () => {
    expect(
      parseQueryOptions({ $select: 'name,@iot.id, @iot.selfLink,Datastreams', $top: '5', $skip: '10', $count: 'true', other: 'x', $filter: undefined }),
    ).toEqual({ select: ['name', 'id', '@iot.selfLink', 'Datastreams'], top: 5, skip: 10, count: true, orderby: [], expand: [] });
    expect(parseQueryOptions({ $count: 'false', $top: '0' })).toEqual({ count: false, top: 0, orderby: [], expand: [] });
    expect(parseQueryOptions({})).toEqual({ orderby: [], expand: [] });
  });
});

describe('precedence', () => {
  it.each([
    ['a eq 1 or b eq 2 and c eq 3', '((a eq 1) or ((b eq 2) and (c eq 3)))'],
    ['(a eq 1 or b eq 2) and c eq 3', '(((a eq 1) or (b eq 2)) and (c eq 3))'],
    ['a or b or c', '((a or b) or c)'],
    ['not a eq 1 and b', '((not (a eq 1)) and b)'],
    ['not not a', '(not (not a))'],
    ['a add b mul c eq d sub -e', '((a add (b mul c)) eq (d sub (neg e)))'],
    ['a sub b sub c', '((a sub b) sub c)'],
    ['a div b mod c mul d', '(((a div b) mod c) mul d)'],
    ['a gt 1 eq b lt 2', '((a gt 1) eq (b lt 2))'],
    ['a eq b gt c', '(a eq (b gt c))'],
    ['-2 mul -x', '(-2 mul (neg x))'],
    ['- -3', '3'],
    ['-(a add 1)', '(neg (a add 1))'],
    ["tolower(concat(a, b)) eq 'x'", "(tolower(concat(a, b)) eq 'x')"],
  ])('%s', (text, grouped) => {
    expect(filtered(text)).toBe(grouped);
  });
});

describe('literals', () => {
  const value = (text: string) => parseFilter(`x eq ${text}`) as { right: { type: string; value: unknown } };

  it("strings, '' for a quote", () => {
    expect(value("'O''Brien'").right).toMatchObject({ type: 'string', value: "O'Brien" });
    expect(value("''").right).toMatchObject({ type: 'string', value: '' });
    expect(value("'a and b eq c'").right).toMatchObject({ type: 'string', value: 'a and b eq c' });
  });

  it('numbers, booleans and null', () => {
    expect([1, '1.5', '2.5e3', '1E-2', '-7'].map((n) => value(String(n)).right.value)).toEqual([1, 1.5, 2500, 0.01, -7]);
    expect(value('true').right).toMatchObject({ type: 'boolean', value: true });
    expect(value('false').right).toMatchObject({ type: 'boolean', value: false });
    expect(value('null').right).toMatchObject({ type: 'null', value: null });
  });

  it.each([
    ['2012-06-01T00:00:00Z', '2012-06-01T00:00:00Z'],
    ['2012-06-01T00:00:00.123+02:00', '2012-05-31T22:00:00.123Z'],
    ['2012-06-01', '2012-06-01T00:00:00Z'],
    ['2012-06-01T08:30-05:30', '2012-06-01T14:00:00Z'],
    ['2016-02-29T23:59:59.9999999-01:00', '2016-03-01T00:59:59.9999999Z'],
    ['2000-01-01T00:30:00+01:00', '1999-12-31T23:30:00Z'],
  ])('the date-time %s as an instant in UTC', (text, iso) => {
    expect(value(text).right).toMatchObject({ type: 'datetime', value: iso });
  });

  it('times of day', () => {
    expect(value('12:30').right).toMatchObject({ type: 'timeofday', value: '12:30:00' });
    expect(value('23:59:59.5').right).toMatchObject({ type: 'timeofday', value: '23:59:59.5' });
  });

  it('geography and geometry WKT of each type, longitude then latitude', () => {
    const geometry = (wkt: string) => {
      const expr = parseFilter(`st_within(location, ${wkt})`);
      return expr.kind === 'call' && expr.args[1]?.kind === 'literal' ? expr.args[1].value : undefined;
    };
    expect(geometry("geography'POINT(30 10)'")).toEqual({ type: 'Point', coordinates: [30, 10] });
    expect(geometry("geometry'SRID=4326;point (30.5 -10)'")).toEqual({ type: 'Point', coordinates: [30.5, -10] });
    expect(geometry("geography'LINESTRING(30 10, 10 30, 40 40)'")).toMatchObject({
      type: 'LineString',
      coordinates: [
        [30, 10],
        [10, 30],
        [40, 40],
      ],
    });
    expect(geometry("geography'MULTIPOINT((10 40), (40 30))'")).toMatchObject({
      type: 'MultiPoint',
      coordinates: [
        [10, 40],
        [40, 30],
      ],
    });
    expect(geometry("geography'MULTILINESTRING((10 10, 20 20), (40 40, 30 30))'")).toMatchObject({ type: 'MultiLineString' });
    expect(geometry("geography'MULTIPOLYGON(((30 20, 45 40, 10 40, 30 20)), ((15 5, 40 10, 10 20, 5 10, 15 5)))'")).toMatchObject({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [30, 20],
            [45, 40],
            [10, 40],
            [30, 20],
          ],
        ],
        [
          [
            [15, 5],
            [40, 10],
            [10, 20],
            [5, 10],
            [15, 5],
          ],
        ],
      ],
    });
  });
});

describe('functions', () => {
  it.each([
    ["substringof('a', b)"],
    ["endswith(a, 'b')"],
    ["startswith(a, 'b')"],
    ['length(a)'],
    ["indexof(a, 'b')"],
    ['substring(a, 1)'],
    ['substring(a, 1, 2)'],
    ['tolower(a)'],
    ['toupper(a)'],
    ['trim(a)'],
    ["concat(a, 'b')"],
    ...['year', 'month', 'day', 'hour', 'minute', 'second', 'fractionalseconds', 'date', 'time', 'totaloffsetminutes'].map((name) => [`${name}(t)`]),
    ['now()'],
    ['mindatetime()'],
    ['maxdatetime()'],
    ['round(n)'],
    ['floor(n)'],
    ['ceiling(n)'],
    ["geo.distance(g, geography'POINT(1 2)')"],
    ['geo.length(g)'],
    ['geo.intersects(g, h)'],
    ...['st_equals', 'st_disjoint', 'st_touches', 'st_within', 'st_overlaps', 'st_crosses', 'st_intersects', 'st_contains'].map((name) => [`${name}(g, h)`]),
    ["st_relate(g, h, 'T*F**F***')"],
  ])('%s', (text) => {
    expect(parseFilter(text)).toMatchObject({ kind: 'call', name: text.slice(0, text.indexOf('(')) });
  });
});

describe('$expand', () => {
  it('takes lists, paths, nested options of every kind, and nests deeply', () => {
    const { expand } = parseQueryOptions({
      $expand:
        'Datastreams/Observations($top=2;$skip=1;$count=true;$filter=result gt 1;$orderby=phenomenonTime;$select=result),Locations,Thing($expand=Datastreams($expand=Sensor($select=name)))',
    });
    expect(expand.map((e) => e.path)).toEqual([['Datastreams', 'Observations'], ['Locations'], ['Thing']]);
    expect(expand[0]!.options).toMatchObject({ top: 2, skip: 1, count: true, select: ['result'], orderby: [{ desc: false }] });
    expect(render(expand[0]!.options.filter!)).toBe('(result gt 1)');
    expect(expand[2]!.options.expand[0]!.options.expand[0]).toEqual({ path: ['Sensor'], options: { select: ['name'], orderby: [], expand: [] } });
  });

  it('gives a nested filter positions in the whole $expand text', () => {
    const { expand } = parseQueryOptions({ $expand: 'Datastreams($filter=name eq 1)' });
    expect(expand[0]!.options.filter).toMatchObject({ position: 25, left: path(20, 'name'), right: { position: 28 } });
  });

  it('ends a nested filter or order at ; or ), parentheses inside it included', () => {
    const { expand } = parseQueryOptions({ $expand: 'Observations($filter=(result gt 1) and (result lt 5);$orderby=(result) desc)' });
    expect(render(expand[0]!.options.filter!)).toBe('((result gt 1) and (result lt 5))');
    expect(expand[0]!.options.orderby).toMatchObject([{ desc: true, expr: { segments: ['result'] } }]);
  });
});

describe('errors name what was expected, what was found, and where', () => {
  it.each([
    // $filter
    ['$filter', "name eq 'abc", 'Unterminated string: expected a closing quote, found the end of the text', 8],
    ['$filter', 'foo(1) eq 2', "Unknown function 'foo'", 0],
    ['$filter', 'Year(t) eq 2', "Unknown function 'Year'", 0],
    ['$filter', 'a eq startswith(name)', 'startswith(…) takes 2 arguments, found 1', 5],
    ['$filter', 'now(1) gt t', 'now(…) takes 0 arguments, found 1', 0],
    ['$filter', "substring('a', 1, 2, 3) eq 'b'", 'substring(…) takes 2 or 3 arguments, found 4', 0],
    ['$filter', "name eq 'a' name", "Expected an operator or the end of $filter, found 'name'", 12],
    ['$filter', 'a eq 1)', "Expected an operator or the end of $filter, found ')'", 6],
    ['$filter', 'a Eq 1', "Expected an operator or the end of $filter, found 'Eq'", 2],
    ['$filter', 'a eq 2021-02-30', "Expected a real date or date-time, found '2021-02-30'", 5],
    ['$filter', 'a eq 2021-13-01', "Expected a real date or date-time, found '2021-13-01'", 5],
    ['$filter', 'a eq 2021-02-03T24:00:00Z', "Expected a real date or date-time, found '2021-02-03T24:00:00Z'", 5],
    ['$filter', 'a eq 2021-02-03T10:00:00', "A date-time needs Z or an offset such as +02:00, found '2021-02-03T10:00:00'", 5],
    ['$filter', 'a eq 2021-2-3', "Expected a number, a date or a time, found '2021-2-3'", 5],
    ['$filter', 'a eq 25:00', "Expected a real time of day, found '25:00'", 5],
    ['$filter', 'a eq 1e999', "Expected a number within range, found '1e999'", 5],
    ['$filter', '', "Expected a property, a literal, a function call or '(', found the end of the text", 0],
    ['$filter', 'a eq', "Expected a property, a literal, a function call or '(', found the end of the text", 4],
    ['$filter', 'a eq and', "Expected a property, a literal, a function call or '(', found 'and'", 5],
    ['$filter', '(a eq 1', "Expected ')' to close the parenthesis, found the end of the text", 7],
    ['$filter', 'length(a b) eq 1', "Expected ')' or ',' in the arguments of length(…), found 'b'", 9],
    ['$filter', 'a/ eq 1', "Expected a property name after '/', found 'eq'", 3],
    ['$filter', 'a # 1', "Unexpected character '#'", 2],
    ['$filter', "a eq duration'P1D'", "Expected geography'…' or geometry'…', found duration'…' (literals of that type are not supported)", 5],
    ['$filter', "st_within(g, geography'POINT(1)')", "Expected a number, found ')'", 30],
    ['$filter', "st_within(g, geography'POINT(1 2')", "Expected ')' to close the coordinates, found the end of the geometry", 32],
    [
      '$filter',
      "st_within(g, geography'CIRCLE(1 2)')",
      "Expected a WKT geometry (POINT, LINESTRING, POLYGON, MULTIPOINT, MULTILINESTRING, MULTIPOLYGON), found 'CIRCLE'",
      23,
    ],
    ['$filter', "st_within(g, geography'POINT(1 2) x')", "Expected the end of the geometry, found 'x'", 34],
    ['$filter', "st_within(g, geography'LINESTRING(1 2)')", 'A line needs two positions or more', 33],
    ['$filter', "st_within(g, geography'POINT(1 2)", 'Unterminated geometry: expected a closing quote, found the end of the text', 22],
    ['$filter', "st_within(g, geography'SRID=3857;POINT(1 2)')", 'Expected SRID=4326, found SRID=3857', 23],
    // the other options
    ['$top', '-1', "Expected a non-negative integer, found '-'", 0],
    ['$top', '1.5', "Expected a non-negative integer, found '1.5'", 0],
    ['$skip', 'ten', "Expected a non-negative integer, found 'ten'", 0],
    ['$skip', '99999999999999999999', "Expected a non-negative integer, found '99999999999999999999'", 0],
    ['$top', '5 6', "Expected the end of $top, found '6'", 2],
    ['$count', 'yes', "Expected true or false, found 'yes'", 0],
    ['$select', 'name,', 'Expected a property name, found the end of the text', 5],
    ['$select', 'name/id', "Expected ',' or the end of $select, found '/'", 4],
    ['$orderby', 'name desc asc', "Expected an operator, asc, desc, ',' or the end of $orderby, found 'asc'", 10],
    ['$expand', 'Datastreams($top=1;$foo=2)', "Unknown query option '$foo': expected one of $filter, $expand, $select, $orderby, $top, $skip, $count", 19],
    ['$expand', 'Datastreams($top=1;$top=2)', '$top is given twice', 19],
    ['$expand', 'Datastreams($top=-1)', "Expected a non-negative integer, found '-'", 17],
    ['$expand', 'Datastreams($filter=a eq 1 b)', "Expected an operator, ';' or ')', found 'b'", 27],
    ['$expand', 'Datastreams($filter=a eq 1', "Expected an operator, ';' or ')', found the end of the text", 26],
    ['$expand', 'Datastreams($select=name', "Expected ',', ';' or ')', found the end of the text", 24],
    ['$expand', 'Datastreams($top 1)', "Expected '=' after $top, found '1'", 17],
    ['$expand', 'Datastreams()', "Expected a query option such as $select=…, found ')'", 12],
    ['$expand', 'Datastreams/', "Expected a navigation property after '/', found the end of the text", 12],
    ['$expand', 'Datastreams Locations', "Expected ',', '/', '(' or the end of $expand, found 'Locations'", 12],
    ['$expand', 'Datastreams($filter=name eq foo(1))', "Unknown function 'foo'", 28],
  ])('%s=%s', (option, text, message, position) => {
    expect(errorOf({ [option]: text })).toEqual({ message, position, option });
  });

  it('refuses an unknown $option by its name', () => {
    expect(errorOf({ $format: 'json' })).toEqual({
      message: "Unknown query option '$format': expected one of $filter, $expand, $select, $orderby, $top, $skip, $count",
      position: 0,
      option: '$format',
    });
  });

  it(`refuses nesting deeper than ${MAX_DEPTH}`, () => {
    expect(filtered(`${'('.repeat(MAX_DEPTH)}a eq 1${')'.repeat(MAX_DEPTH)}`)).toBe('(a eq 1)');
    expect(errorOf({ $filter: `${'('.repeat(MAX_DEPTH + 1)}a eq 1${')'.repeat(MAX_DEPTH + 1)}` })).toEqual({
      message: `Nested deeper than ${MAX_DEPTH} levels`,
      position: MAX_DEPTH,
      option: '$filter',
    });
    for (const hostile of ['not '.repeat(2000) + 'a', '-'.repeat(5000) + 'a', 'tolower('.repeat(1000) + 'a' + ')'.repeat(1000), 'a add '.repeat(1500) + 'a']) {
      expect(errorOf({ $filter: hostile }).message).toBe(`Nested deeper than ${MAX_DEPTH} levels`);
    }
    const expandNested = (levels: number) => `${'A($expand='.repeat(levels)}B${')'.repeat(levels)}`;
    expect(parseQueryOptions({ $expand: expandNested(MAX_DEPTH) }).expand[0]!.path).toEqual(['A']);
    expect(errorOf({ $expand: expandNested(MAX_DEPTH + 1) })).toMatchObject({
      message: `Nested deeper than ${MAX_DEPTH} levels`,
      position: MAX_DEPTH * 10 + 1,
    });
  });

  it('takes a long list of alternatives: and / or chains are no depth', () => {
    const alternatives = Array.from({ length: 700 }, (_, i) => `id eq ${i}`).join(' or ');
    expect(alternatives.length).toBeLessThan(MAX_LENGTH);
    expect(parseFilter(alternatives)).toMatchObject({ kind: 'binary', op: 'or' });
  });

  it(`refuses a text longer than ${MAX_LENGTH} characters`, () => {
    expect(errorOf({ $filter: `name eq '${'x'.repeat(MAX_LENGTH)}'` })).toEqual({
      message: `The text is longer than ${MAX_LENGTH} characters`,
      position: MAX_LENGTH,
      option: '$filter',
    });
    expect(parseFilter(`name eq '${'x'.repeat(MAX_LENGTH - 20)}'`)).toMatchObject({ op: 'eq' });
  });

  it('is an ODataError, an Error', () => {
    expect(() => parseFilter('a eq')).toThrow(ODataError);
    expect(() => parseFilter('a eq')).toThrow(Error);
  });
});
