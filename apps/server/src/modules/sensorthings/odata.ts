import { parseWkt, WktError, type WktGeometry } from '../../lib/wkt.js';

/**
 * The query options of SensorThings API 1.1 (OGC 18-088: the Sensing Core and the Filtering
 * Extension) parsed into a small tree; odata-sql.ts turns a filter or an order into SQL.
 *
 * Understood: $filter, $expand, $select, $orderby, $top, $skip and $count, the OData 4 subset
 * the standard requires. $filter's precedence, lowest first: or, and, not, eq ne, gt ge lt le,
 * add sub, mul div mod, unary minus, then primaries (parentheses, literals, function calls,
 * property paths such as `Datastream/ObservedProperty/name`). Keywords and function names are
 * lowercase, as OData writes them. Literals: 'text' ('' escapes a quote), numbers, true, false,
 * null, date-times with an offset (2012-06-01T00:00:00Z) and dates (2012-06-01, its midnight
 * UTC), times of day (12:30:00, what time() answers), and geography'…' / geometry'…' WKT.
 * `@iot.id` is read as `id` wherever it names a property.
 *
 * A hand-written recursive descent over tokens, held to MAX_LENGTH characters and MAX_DEPTH
 * levels of nesting (parentheses, not, unary minus, function arguments, nested $expand options,
 * chained operators but `and`/`or`), so a hostile request cannot exhaust the stack. Every error
 * is an ODataError naming what was expected, what was found and where: a 0-based position in
 * its option's text (a nested option's inside the whole $expand text).
 */

/** The longest option text parsed, in characters. */
export const MAX_LENGTH = 10_000;
/** The deepest nesting parsed. */
export const MAX_DEPTH = 100;

/** A query option that cannot be parsed or translated: the message says what was expected and what was found; `position` is 0-based in `option`'s text. */
export class ODataError extends Error {
  constructor(
    message: string,
    readonly position: number,
    readonly option: string,
  ) {
    super(message);
    this.name = 'ODataError';
  }
}

/** A query option this service does not serve ($resultFormat, $search, or one no standard has): SensorThings answers 501. */
export class UnsupportedOption extends ODataError {}

/** A literal. A number is a JavaScript number (integers beyond 2^53 lose digits). */
export type Literal =
  | { kind: 'literal'; type: 'string'; value: string; position: number }
  | { kind: 'literal'; type: 'number'; value: number; position: number }
  | { kind: 'literal'; type: 'boolean'; value: boolean; position: number }
  | { kind: 'literal'; type: 'null'; value: null; position: number }
  /** An instant in UTC, e.g. 2012-05-31T22:00:00.123Z; a date is its midnight UTC. */
  | { kind: 'literal'; type: 'datetime'; value: string; position: number }
  /** A time of day, HH:MM:SS with the fraction as written. */
  | { kind: 'literal'; type: 'timeofday'; value: string; position: number }
  /** geography'…' or geometry'…': WKT as GeoJSON, longitude then latitude (CRS84). */
  | { kind: 'literal'; type: 'geometry'; value: WktGeometry; position: number };

export type ComparisonOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
export type ArithmeticOp = 'add' | 'sub' | 'mul' | 'div' | 'mod';
export type BinaryOp = 'and' | 'or' | ComparisonOp | ArithmeticOp;

/** The functions of STA 1.1's table 9.3.3.5.2 with the number of arguments each takes (least, most). */
const FUNCTIONS = {
  substringof: [2, 2],
  endswith: [2, 2],
  startswith: [2, 2],
  length: [1, 1],
  indexof: [2, 2],
  substring: [2, 3],
  tolower: [1, 1],
  toupper: [1, 1],
  trim: [1, 1],
  concat: [2, 2],
  year: [1, 1],
  month: [1, 1],
  day: [1, 1],
  hour: [1, 1],
  minute: [1, 1],
  second: [1, 1],
  fractionalseconds: [1, 1],
  date: [1, 1],
  time: [1, 1],
  totaloffsetminutes: [1, 1],
  now: [0, 0],
  mindatetime: [0, 0],
  maxdatetime: [0, 0],
  round: [1, 1],
  floor: [1, 1],
  ceiling: [1, 1],
  'geo.distance': [2, 2],
  'geo.length': [1, 1],
  'geo.intersects': [2, 2],
  st_equals: [2, 2],
  st_disjoint: [2, 2],
  st_touches: [2, 2],
  st_within: [2, 2],
  st_overlaps: [2, 2],
  st_crosses: [2, 2],
  st_intersects: [2, 2],
  st_contains: [2, 2],
  st_relate: [3, 3],
} as const satisfies Record<string, readonly [number, number]>;

export type FunctionName = keyof typeof FUNCTIONS;

/** An expression; `position` is where it starts, for a binary node where its operator is. */
export type Expr =
  | Literal
  /** A property path: names joined by '/', `@iot.id` read as `id`. */
  | { kind: 'path'; segments: string[]; position: number }
  /** `not x`, or `-x` (neg) of anything but a number literal, which is folded into it. */
  | { kind: 'unary'; op: 'not' | 'neg'; arg: Expr; position: number }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; position: number }
  | { kind: 'call'; name: FunctionName; args: Expr[]; position: number };

export interface OrderBy {
  expr: Expr;
  desc: boolean;
}

/** `A/B(options)`: expand A and, within it, B; the options apply to the last. */
export interface Expand {
  path: string[];
  options: QueryOptions;
}

export interface QueryOptions {
  filter?: Expr;
  orderby: OrderBy[];
  select?: string[];
  expand: Expand[];
  top?: number;
  skip?: number;
  count?: boolean;
}

type OptionName = '$filter' | '$expand' | '$select' | '$orderby' | '$top' | '$skip' | '$count';
const OPTIONS: OptionName[] = ['$filter', '$expand', '$select', '$orderby', '$top', '$skip', '$count'];

/** What may follow each option's value besides its end (error messages only). */
const FOLLOWS: Record<OptionName, string> = {
  $filter: 'an operator',
  $orderby: "an operator, asc, desc, ','",
  $select: "','",
  $expand: "',', '/', '('",
  $top: '',
  $skip: '',
  $count: '',
};

/** The query options of a request: keys starting with '$' (unknown $keys -> ODataError naming the option). Non-$ keys are ignored. */
export function parseQueryOptions(params: Record<string, string | undefined>): QueryOptions {
  const options: QueryOptions = { orderby: [], expand: [] };
  for (const [key, text] of Object.entries(params)) {
    if (!key.startsWith('$') || text === undefined) continue;
    if (!isOption(key)) throw new UnsupportedOption(`Unknown query option '${key}': expected one of ${OPTIONS.join(', ')}`, 0, key);
    parseOption(key, text, (parser) => parser.option(key, options));
  }
  return options;
}

/** A $filter's text as an expression. */
export function parseFilter(text: string): Expr {
  return parseOption('$filter', text, (parser) => parser.expression());
}

function isOption(key: string): key is OptionName {
  return (OPTIONS as string[]).includes(key);
}

function parseOption<T>(option: OptionName, text: string, read: (parser: Parser) => T): T {
  if (text.length > MAX_LENGTH) throw new ODataError(`The text is longer than ${MAX_LENGTH} characters`, MAX_LENGTH, option);
  const parser = new Parser(tokenize(text, option), option);
  const value = read(parser);
  parser.expectEnd(FOLLOWS[option]);
  return value;
}

// ---------------------------------------------------------------------------------------------
// Tokens

type Token =
  | { type: 'word' | 'punct'; text: string; position: number }
  | { type: 'literal'; text: string; position: number; literal: Literal }
  | { type: 'end'; text: ''; position: number };

/** A name: properties, keywords, functions (geo.distance), `@iot.id`, option names ($top). */
const WORD = /[@$]?[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*/uy;
const DATETIME = /(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?/y;
const TIME_OF_DAY = /(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?/y;
const NUMBER = /\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const PUNCT = /[(),/;=-]/y;
const SPACE = /\s+/y;
/** What must not follow a number or date at once (2012-06-01x, 12:00:00:00). */
const GLUED = /[\p{L}\p{N}_.:+-]/u;

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/** The text at `at` as an error shows it: up to the next space or delimiter, at most 30 characters. */
function shownAt(text: string, at: number): string {
  const rest = /^[^\s(),;']*/.exec(text.slice(at, at + 30))![0];
  return rest || text.charAt(at);
}

function tokenize(text: string, option: string): Token[] {
  const tokens: Token[] = [];
  const fail = (message: string, at: number): never => {
    throw new ODataError(message, at, option);
  };
  let at = 0;
  while (at < text.length) {
    const space = matchAt(SPACE, text, at);
    if (space) {
      at += space[0].length;
      continue;
    }
    const token = lexeme(text, at, fail);
    tokens.push(token);
    at += token.text.length;
  }
  tokens.push({ type: 'end', text: '', position: text.length });
  return tokens;
}

type Fail = (message: string, at: number) => never;

function lexeme(text: string, at: number, fail: Fail): Token {
  const char = text.charAt(at);
  if (char === "'") return stringToken(text, at, fail);
  if (/\d/.test(char)) return numberToken(text, at, fail);
  const word = matchAt(WORD, text, at)?.[0];
  if (word && text.charAt(at + word.length) === "'") return geometryToken(text, at, word, fail);
  if (word) return { type: 'word', text: word, position: at };
  const punct = matchAt(PUNCT, text, at)?.[0];
  if (punct) return { type: 'punct', text: punct, position: at };
  return fail(`Unexpected character '${char}'`, at);
}

/** 'text', '' standing for a quote. */
function stringToken(text: string, start: number, fail: Fail): Token {
  let value = '';
  let i = start + 1;
  for (;;) {
    const next = text.indexOf("'", i);
    if (next < 0) return fail('Unterminated string: expected a closing quote, found the end of the text', start);
    value += text.slice(i, next);
    if (text[next + 1] !== "'") {
      return { type: 'literal', text: text.slice(start, next + 1), position: start, literal: { kind: 'literal', type: 'string', value, position: start } };
    }
    value += "'";
    i = next + 2;
  }
}

/** A date-time, a date, a time of day or a number: all start with a digit. */
function numberToken(text: string, at: number, fail: Fail): Token {
  const literal = (written: string, value: Literal): Token => {
    if (GLUED.test(text.charAt(at + written.length))) fail(`Expected a number, a date or a time, found '${shownAt(text, at)}'`, at);
    return { type: 'literal', text: written, position: at, literal: value };
  };
  const date = matchAt(DATETIME, text, at);
  if (date) return literal(date[0], { kind: 'literal', type: 'datetime', value: instant(date, at, fail), position: at });
  const time = matchAt(TIME_OF_DAY, text, at);
  if (time) return literal(time[0], { kind: 'literal', type: 'timeofday', value: timeOfDay(time, at, fail), position: at });
  const number = matchAt(NUMBER, text, at)![0];
  const value = Number(number);
  if (!Number.isFinite(value)) fail(`Expected a number within range, found '${number}'`, at);
  return literal(number, { kind: 'literal', type: 'number', value, position: at });
}

/** A matched date or date-time checked to be a real instant, as an ISO string in UTC. */
function instant(match: RegExpExecArray, at: number, fail: Fail): string {
  const [written, year, month, day, hour, minute, second, fraction, offset] = match;
  if (hour !== undefined && offset === undefined) fail(`A date-time needs Z or an offset such as +02:00, found '${written}'`, at);
  const [y, mo, d, h, mi, s] = [year, month, day, hour ?? '0', minute ?? '0', second ?? '0'].map(Number) as [number, number, number, number, number, number];
  const [, sign, offH, offM] = /^([+-])(\d{2}):(\d{2})$/.exec(offset ?? '') ?? [];
  const offsetMinutes = sign ? (sign === '-' ? -1 : 1) * (Number(offH) * 60 + Number(offM)) : 0;
  const real = mo >= 1 && mo <= 12 && d >= 1 && d <= daysIn(y, mo) && h < 24 && mi < 60 && s < 60 && (!sign || (Number(offH) < 24 && Number(offM) < 60));
  if (!real) fail(`Expected a real date or date-time, found '${written}'`, at);
  const utc = new Date(0);
  utc.setUTCFullYear(y, mo - 1, d);
  utc.setUTCHours(h, mi - offsetMinutes, s, 0);
  // toISOString keeps milliseconds only: the fraction is put back as written (an offset is whole minutes).
  return `${utc.toISOString().slice(0, -5)}${fraction ?? ''}Z`;
}

function daysIn(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
}

function timeOfDay(match: RegExpExecArray, at: number, fail: Fail): string {
  const [written, hour, minute, second = '00', fraction = ''] = match;
  if (Number(hour) >= 24 || Number(minute) >= 60 || Number(second) >= 60) fail(`Expected a real time of day, found '${written}'`, at);
  return `${hour}:${minute}:${second}${fraction}`;
}

/** geography'WKT' or geometry'WKT', an SRID=4326; prefix allowed. */
function geometryToken(text: string, at: number, prefix: string, fail: Fail): Token {
  if (prefix !== 'geography' && prefix !== 'geometry')
    fail(`Expected geography'…' or geometry'…', found ${prefix}'…' (literals of that type are not supported)`, at);
  const open = at + prefix.length;
  const close = text.indexOf("'", open + 1);
  if (close < 0) fail('Unterminated geometry: expected a closing quote, found the end of the text', open);
  const srid = /^\s*SRID=(\d+);/i.exec(text.slice(open + 1, close));
  if (srid && srid[1] !== '4326') fail(`Expected SRID=4326, found SRID=${srid[1]}`, open + 1);
  const start = open + 1 + (srid?.[0].length ?? 0);
  try {
    const value = parseWkt(text.slice(start, close));
    return { type: 'literal', text: text.slice(at, close + 1), position: at, literal: { kind: 'literal', type: 'geometry', value, position: at } };
  } catch (error) {
    if (!(error instanceof WktError)) throw error;
    const at = start + error.position;
    const found = at === close ? 'the end of the geometry' : `'${shownAt(text, at)}'`;
    return fail(error.message.startsWith('Expected') ? `${error.message}, found ${found}` : error.message, at);
  }
}

// ---------------------------------------------------------------------------------------------
// Parser

const KEYWORDS = new Set(['and', 'or', 'not', 'eq', 'ne', 'gt', 'ge', 'lt', 'le', 'add', 'sub', 'mul', 'div', 'mod', 'true', 'false', 'null']);
const EQUALITY = ['eq', 'ne'] as const;
const RELATIONAL = ['gt', 'ge', 'lt', 'le'] as const;
const ADDITIVE = ['add', 'sub'] as const;
const MULTIPLICATIVE = ['mul', 'div', 'mod'] as const;

/** `@iot.id` names the id, as `id` does. */
const normalName = (name: string) => (name === '@iot.id' ? 'id' : name);

class Parser {
  private index = 0;
  private depth = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly optionName: OptionName,
  ) {}

  private peek(ahead = 0): Token {
    return this.tokens[Math.min(this.index + ahead, this.tokens.length - 1)]!;
  }

  private take(): Token {
    const token = this.peek();
    if (token.type !== 'end') this.index++;
    return token;
  }

  private isWord(word: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.type === 'word' && token.text === word;
  }

  private isPunct(punct: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.type === 'punct' && token.text === punct;
  }

  private error(message: string, position: number): ODataError {
    return new ODataError(message, position, this.optionName);
  }

  /** What the next token is, as an error names it. */
  private found(): string {
    const token = this.peek();
    if (token.type === 'end') return 'the end of the text';
    return `'${token.text.length > 30 ? `${token.text.slice(0, 30)}…` : token.text}'`;
  }

  private fail(expected: string): never {
    throw this.error(`Expected ${expected}, found ${this.found()}`, this.peek().position);
  }

  private expectPunct(punct: string, context: string): void {
    if (!this.isPunct(punct)) this.fail(`'${punct}' ${context}`);
    this.index++;
  }

  expectEnd(follows: string): void {
    if (this.peek().type !== 'end') this.fail(follows ? `${follows} or the end of ${this.optionName}` : `the end of ${this.optionName}`);
  }

  /** Runs `read` one level deeper, refusing to go past MAX_DEPTH. */
  private nested<T>(position: number, read: () => T): T {
    if (++this.depth > MAX_DEPTH) throw this.error(`Nested deeper than ${MAX_DEPTH} levels`, position);
    const value = read();
    this.depth--;
    return value;
  }

  /** An option's value, put into `options`. */
  option(name: OptionName, options: QueryOptions): void {
    switch (name) {
      case '$filter':
        options.filter = this.expression();
        return;
      case '$orderby':
        options.orderby = this.list(() => this.orderItem());
        return;
      case '$select':
        options.select = this.list(() => normalName(this.name('a property name')));
        return;
      case '$expand':
        options.expand = this.list(() => this.expandItem());
        return;
      case '$top':
      case '$skip':
        options[name === '$top' ? 'top' : 'skip'] = this.integer();
        return;
      case '$count':
        options.count = this.boolean();
    }
  }

  /** item { "," item } */
  private list<T>(item: () => T): T[] {
    const items = [item()];
    while (this.isPunct(',')) {
      this.index++;
      items.push(item());
    }
    return items;
  }

  private integer(): number {
    const token = this.peek();
    if (token.type === 'literal' && token.literal.type === 'number' && /^\d+$/.test(token.text) && Number.isSafeInteger(token.literal.value)) {
      return this.took(token.literal.value);
    }
    return this.fail('a non-negative integer');
  }

  private boolean(): boolean {
    if (!this.isWord('true') && !this.isWord('false')) this.fail('true or false');
    return this.take().text === 'true';
  }

  /** A name (not an option name or a literal). */
  private name(expected: string): string {
    const token = this.peek();
    if (token.type !== 'word' || token.text.startsWith('$')) this.fail(expected);
    this.index++;
    return token.text;
  }

  private orderItem(): OrderBy {
    const expr = this.expression();
    const desc = this.isWord('desc');
    if (desc || this.isWord('asc')) this.index++;
    return { expr, desc };
  }

  /** A/B/C, then its options in parentheses if any. */
  private expandItem(): Expand {
    const path = [this.name('a navigation property')];
    while (this.isPunct('/')) {
      this.index++;
      path.push(this.name("a navigation property after '/'"));
    }
    if (!this.isPunct('(')) return { path, options: { orderby: [], expand: [] } };
    const open = this.take();
    return { path, options: this.nested(open.position, () => this.expandOptions()) };
  }

  /** option { ";" option } ")": the options of an expanded entity set, after its "(". */
  private expandOptions(): QueryOptions {
    const options: QueryOptions = { orderby: [], expand: [] };
    const seen = new Set<string>();
    do {
      const token = this.peek();
      if (token.type !== 'word' || !token.text.startsWith('$')) this.fail('a query option such as $select=…');
      if (!isOption(token.text))
        throw new UnsupportedOption(`Unknown query option '${token.text}': expected one of ${OPTIONS.join(', ')}`, token.position, this.optionName);
      if (seen.has(token.text)) throw this.error(`${token.text} is given twice`, token.position);
      seen.add(token.text);
      this.index++;
      this.expectPunct('=', `after ${token.text}`);
      this.option(token.text, options);
      if (!this.isPunct(';') && !this.isPunct(')')) this.fail(`${FOLLOWS[token.text] ? `${FOLLOWS[token.text]}, ` : ''}';' or ')'`);
    } while (this.take().text === ';');
    return options;
  }

  // $filter and $orderby expressions, lowest precedence first.

  expression(): Expr {
    return this.logical('or', () => this.logical('and', () => this.not()));
  }

  /** and / or chains: left-deep, not counted as depth (odata-sql.ts flattens them). */
  private logical(op: 'and' | 'or', operand: () => Expr): Expr {
    let left = operand();
    while (this.isWord(op)) {
      const { position } = this.take();
      left = { kind: 'binary', op, left, right: operand(), position };
    }
    return left;
  }

  private not(): Expr {
    if (!this.isWord('not'))
      return this.chain(EQUALITY, () => this.chain(RELATIONAL, () => this.chain(ADDITIVE, () => this.chain(MULTIPLICATIVE, () => this.unary()))));
    const { position } = this.take();
    return this.nested(position, () => ({ kind: 'unary', op: 'not', arg: this.not(), position }));
  }

  /** A left-associative chain of operators of one precedence; each link is a level of depth. */
  private chain(ops: readonly BinaryOp[], operand: () => Expr): Expr {
    let left = operand();
    let links = 0;
    for (;;) {
      const token = this.peek();
      const op = ops.find((candidate) => this.isWord(candidate));
      if (!op) return left;
      // The first operator is no nesting; each further one nests the chain a level deeper.
      if (this.depth + links++ > MAX_DEPTH) throw this.error(`Nested deeper than ${MAX_DEPTH} levels`, token.position);
      this.index++;
      left = { kind: 'binary', op, left, right: operand(), position: token.position };
    }
  }

  private unary(): Expr {
    if (!this.isPunct('-')) return this.primary();
    const { position } = this.take();
    return this.nested(position, (): Expr => {
      const arg = this.unary();
      if (arg.kind === 'literal' && arg.type === 'number') return { ...arg, value: -arg.value, position };
      return { kind: 'unary', op: 'neg', arg, position };
    });
  }

  private primary(): Expr {
    const token = this.peek();
    const { position } = token;
    if (this.isPunct('(')) {
      this.index++;
      return this.nested(position, () => {
        const expr = this.expression();
        this.expectPunct(')', 'to close the parenthesis');
        return expr;
      });
    }
    if (token.type === 'literal') return this.took(token.literal);
    if (token.type === 'word' && this.isPunct('(', 1) && !KEYWORDS.has(token.text)) return this.call();
    if (this.isWord('true') || this.isWord('false')) return this.took({ kind: 'literal', type: 'boolean', value: token.text === 'true', position });
    if (this.isWord('null')) return this.took({ kind: 'literal', type: 'null', value: null, position });
    if (token.type !== 'word' || KEYWORDS.has(token.text) || token.text.startsWith('$')) this.fail("a property, a literal, a function call or '('");
    return this.path();
  }

  private took<T>(node: T): T {
    this.index++;
    return node;
  }

  /** name { "/" name } */
  private path(): Expr {
    const { position } = this.peek();
    const segment = () => {
      const token = this.peek();
      if (token.type !== 'word' || KEYWORDS.has(token.text) || token.text.startsWith('$')) this.fail("a property name after '/'");
      this.index++;
      return normalName(token.text);
    };
    const segments = [segment()];
    while (this.isPunct('/')) {
      this.index++;
      segments.push(segment());
    }
    return { kind: 'path', segments, position };
  }

  /** name "(" [ expression { "," expression } ] ")", its name and number of arguments checked. */
  private call(): Expr {
    const { text: name, position } = this.take();
    if (!Object.hasOwn(FUNCTIONS, name)) throw this.error(`Unknown function '${name}'`, position);
    const [least, most] = FUNCTIONS[name as FunctionName];
    this.index++;
    const args = this.nested(position, () => {
      const list = this.isPunct(')') ? [] : this.list(() => this.expression());
      this.expectPunct(')', `or ',' in the arguments of ${name}(…)`);
      return list;
    });
    if (args.length < least || args.length > most) {
      const takes = least === most ? `${least} argument${least === 1 ? '' : 's'}` : `${least} or ${most} arguments`;
      throw this.error(`${name}(…) takes ${takes}, found ${args.length}`, position);
    }
    return { kind: 'call', name: name as FunctionName, args, position };
  }
}
