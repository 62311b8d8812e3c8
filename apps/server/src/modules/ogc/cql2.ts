import { isWktType, readWkt, WktError, type WktGeometry } from '../../lib/wkt.js';

/**
 * CQL2's text encoding (OGC 21-065, as OGC API - Features Part 3 takes it in `filter`) parsed
 * into a small typed tree; cql2-sql.ts turns the tree into SQL over a collection's queryables.
 *
 * What is understood: comparisons (= <> < > <= >=), AND / OR / NOT and parentheses, LIKE,
 * IN (...), BETWEEN, IS [NOT] NULL, S_INTERSECTS with a BBOX or a WKT geometry (POINT,
 * LINESTRING, POLYGON and their MULTI forms, two coordinates each, longitude then latitude),
 * and literals: 'strings' ('' escapes a quote), numbers, TRUE / FALSE, DATE('…') and
 * TIMESTAMP('…'). Keywords are case-insensitive; a property is a bare name or "double quoted"
 * (one whose name is a keyword, or holds spaces). `NOT LIKE`, `NOT IN`, `NOT BETWEEN` and
 * `IS NOT NULL` become a NOT around the positive form, which SQL evaluates alike.
 *
 * A hand-written recursive descent (WKT is read by lib/wkt.ts), held to MAX_LENGTH characters
 * and MAX_DEPTH nested parentheses or NOTs, so a hostile filter cannot exhaust the stack; every
 * error is a Cql2Error naming what was expected and where (a 0-based character position).
 */

/** The longest filter parsed, in characters. */
export const MAX_LENGTH = 10_000;
/** The deepest nesting of parentheses and NOTs parsed. */
export const MAX_DEPTH = 100;

/** A property of the collection, by the name its queryables give it. */
export interface Cql2Property {
  kind: 'property';
  name: string;
  position: number;
}

/** A string literal (also a LIKE pattern, whose % and _ are wildcards and \ escapes them, as in SQL). */
export interface Cql2String {
  kind: 'string';
  value: string;
  position: number;
}

/** A literal value; a date is `YYYY-MM-DD`, a timestamp RFC 3339 (both checked to be real instants). */
export type Cql2Literal =
  | Cql2String
  | { kind: 'number'; value: number; position: number }
  | { kind: 'boolean'; value: boolean; position: number }
  | { kind: 'date'; value: string; position: number }
  | { kind: 'timestamp'; value: string; position: number };

/** What a comparison, LIKE, IN, BETWEEN or IS NULL takes: a property or a literal. */
export type Cql2Scalar = Cql2Property | Cql2Literal;

/** A geometry literal: a BBOX(minLon, minLat, maxLon, maxLat) or a WKT geometry. */
export type Cql2Geometry =
  { kind: 'bbox'; bbox: [number, number, number, number]; position: number } | { kind: 'wkt'; geometry: WktGeometry; position: number };

/** What S_INTERSECTS takes: a (geometry) property or a geometry literal. */
export type Cql2Spatial = Cql2Property | Cql2Geometry;

export type Cql2Comparison = '=' | '<>' | '<' | '>' | '<=' | '>=';

/** A parsed filter: a boolean expression. */
export type Cql2 =
  | { op: 'and' | 'or'; args: Cql2[] }
  | { op: 'not'; arg: Cql2 }
  | { op: Cql2Comparison; args: [Cql2Scalar, Cql2Scalar] }
  | { op: 'like'; arg: Cql2Scalar; pattern: Cql2String }
  | { op: 'in'; arg: Cql2Scalar; list: Cql2Literal[] }
  | { op: 'between'; arg: Cql2Scalar; low: Cql2Scalar; high: Cql2Scalar }
  | { op: 'isNull'; arg: Cql2Scalar }
  | { op: 's_intersects'; args: [Cql2Spatial, Cql2Spatial] };

/** A filter that cannot be parsed or translated; the message names the 0-based character position. */
export class Cql2Error extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at position ${position}`);
    this.name = 'Cql2Error';
  }
}

type TokenType = 'word' | 'quoted' | 'string' | 'number' | 'punct' | 'end';

interface Token {
  type: TokenType;
  /** The word or punctuation as written, the unquoted name or string, or the number's text. */
  text: string;
  position: number;
}

const WORD = /[\p{L}_][\p{L}\p{N}_.:]*/uy;
const NUMBER = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?/y;
const PUNCT = /<>|<=|>=|[=<>(),]/y;
const SPACE = /\s+/y;

function matchAt(pattern: RegExp, text: string, at: number): string | null {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0] ?? null;
}

/** The text between a quote at `start` and its closing one, a doubled quote standing for one. */
function quoted(text: string, start: number, quote: string, what: string): { value: string; end: number } {
  let value = '';
  let i = start + 1;
  for (;;) {
    const next = text.indexOf(quote, i);
    if (next < 0) throw new Cql2Error(`Unterminated ${what} starting`, start);
    value += text.slice(i, next);
    if (text[next + 1] !== quote) return { value, end: next + 1 };
    value += quote;
    i = next + 2;
  }
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const space = matchAt(SPACE, text, at);
    if (space) {
      at += space.length;
      continue;
    }
    const char = text[at]!;
    if (char === "'" || char === '"') {
      const { value, end } = quoted(text, at, char, char === "'" ? 'string' : 'quoted property name');
      tokens.push({ type: char === "'" ? 'string' : 'quoted', text: value, position: at });
      at = end;
      continue;
    }
    const [type, match] = lexeme(text, at);
    tokens.push({ type, text: match, position: at });
    at += match.length;
  }
  tokens.push({ type: 'end', text: '', position: text.length });
  return tokens;
}

function lexeme(text: string, at: number): [TokenType, string] {
  const number = matchAt(NUMBER, text, at);
  if (number) return ['number', number];
  const word = matchAt(WORD, text, at);
  if (word) return ['word', word];
  const punct = matchAt(PUNCT, text, at);
  if (punct) return ['punct', punct];
  throw new Cql2Error(`Unexpected character '${text[at]}'`, at);
}

/** Words that cannot name a property unless double-quoted. */
const RESERVED = new Set(['AND', 'OR', 'NOT', 'LIKE', 'IN', 'BETWEEN', 'IS', 'NULL', 'TRUE', 'FALSE']);
const COMPARISONS = new Set<string>(['=', '<>', '<', '>', '<=', '>=']);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

/** Whether the fields of a date or time are in range (2021-02-30 is not). */
function isRealInstant(match: RegExpExecArray): boolean {
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part)));
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  const dayOk = date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
  const offsetOk = match[8] === undefined || (Number(match[8]) < 24 && Number(match[9]) < 60);
  return dayOk && hour! < 24 && minute! < 60 && second! < 60 && offsetOk;
}

/** Whether `text` is a real date (YYYY-MM-DD) or timestamp (RFC 3339), as DATE('…') and TIMESTAMP('…') take them. */
export function isInstant(kind: 'date' | 'timestamp', text: string): boolean {
  const match = (kind === 'date' ? DATE : TIMESTAMP).exec(text);
  return match !== null && isRealInstant(match);
}

/** Parses a CQL2 text filter; throws Cql2Error naming what was expected and where. */
export function parseCql2(text: string): Cql2 {
  if (text.length > MAX_LENGTH) throw new Cql2Error(`The filter is longer than ${MAX_LENGTH} characters`, MAX_LENGTH);
  const parser = new Parser(text, tokenize(text));
  if (parser.peek().type === 'end') throw new Cql2Error('Expected a filter', 0);
  const expr = parser.or(0);
  parser.expectEnd();
  return expr;
}

class Parser {
  private index = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
  ) {}

  peek(ahead = 0): Token {
    return this.tokens[Math.min(this.index + ahead, this.tokens.length - 1)]!;
  }

  private next(): Token {
    const token = this.peek();
    if (token.type !== 'end') this.index++;
    return token;
  }

  private isKeyword(word: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.type === 'word' && token.text.toUpperCase() === word;
  }

  private isPunct(punct: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.type === 'punct' && token.text === punct;
  }

  /** Takes the keyword if it is next. */
  private accept(word: string): boolean {
    if (!this.isKeyword(word)) return false;
    this.index++;
    return true;
  }

  private fail(expected: string): never {
    throw new Cql2Error(`Expected ${expected}`, this.peek().position);
  }

  private expectPunct(punct: string, context: string): void {
    if (!this.isPunct(punct)) this.fail(`'${punct}' ${context}`);
    this.index++;
  }

  private expectKeyword(word: string, context: string): void {
    if (!this.accept(word)) this.fail(`${word} ${context}`);
  }

  expectEnd(): void {
    if (this.peek().type !== 'end') this.fail('AND, OR or the end of the filter');
  }

  private deeper(depth: number): number {
    if (depth >= MAX_DEPTH) throw new Cql2Error(`The filter nests deeper than ${MAX_DEPTH} levels`, this.peek().position);
    return depth + 1;
  }

  /** booleanExpression = booleanTerm { OR booleanTerm } */
  or(depth: number): Cql2 {
    const args = [this.and(depth)];
    while (this.accept('OR')) args.push(this.and(depth));
    return args.length === 1 ? args[0]! : { op: 'or', args };
  }

  /** booleanTerm = booleanFactor { AND booleanFactor } */
  private and(depth: number): Cql2 {
    const args = [this.not(depth)];
    while (this.accept('AND')) args.push(this.not(depth));
    return args.length === 1 ? args[0]! : { op: 'and', args };
  }

  /** booleanFactor = [ NOT ] booleanPrimary */
  private not(depth: number): Cql2 {
    if (!this.isKeyword('NOT')) return this.primary(depth);
    const inner = this.deeper(depth);
    this.index++;
    return { op: 'not', arg: this.not(inner) };
  }

  /** booleanPrimary = "(" booleanExpression ")" | S_INTERSECTS(…) | predicate */
  private primary(depth: number): Cql2 {
    if (this.isPunct('(')) {
      const inner = this.deeper(depth);
      this.index++;
      const expr = this.or(inner);
      this.expectPunct(')', 'to close the parenthesis');
      return expr;
    }
    if (this.isKeyword('S_INTERSECTS') && this.isPunct('(', 1)) return this.intersects();
    return this.predicate();
  }

  private intersects(): Cql2 {
    this.index += 2;
    const first = this.spatial();
    this.expectPunct(',', 'between the arguments of S_INTERSECTS');
    const second = this.spatial();
    this.expectPunct(')', 'to close S_INTERSECTS');
    return { op: 's_intersects', args: [first, second] };
  }

  /** A comparison, LIKE, IN, BETWEEN or IS NULL, after its first operand. */
  private predicate(): Cql2 {
    const arg = this.scalar('a property or a value');
    const token = this.peek();
    if (token.type === 'punct' && COMPARISONS.has(token.text)) {
      this.index++;
      return { op: token.text as Cql2Comparison, args: [arg, this.scalar(`a value after '${token.text}'`)] };
    }
    if (this.accept('IS')) {
      const negated = this.accept('NOT');
      this.expectKeyword('NULL', negated ? 'after IS NOT' : 'after IS');
      return negate({ op: 'isNull', arg }, negated);
    }
    const negated = this.accept('NOT');
    if (this.accept('LIKE')) return negate({ op: 'like', arg, pattern: this.pattern() }, negated);
    if (this.accept('IN')) return negate({ op: 'in', arg, list: this.list() }, negated);
    if (this.accept('BETWEEN')) return negate(this.between(arg), negated);
    return this.fail(negated ? 'LIKE, IN or BETWEEN after NOT' : 'a comparison (=, <>, <, >, <=, >=, LIKE, IN, BETWEEN or IS NULL)');
  }

  private pattern(): Cql2String {
    const token = this.peek();
    if (token.type !== 'string') this.fail("a quoted pattern after LIKE, such as 'abc%'");
    this.index++;
    return { kind: 'string', value: token.text, position: token.position };
  }

  private list(): Cql2Literal[] {
    this.expectPunct('(', 'after IN');
    const list = [this.literal('a value in the IN list')];
    while (this.isPunct(',')) {
      this.index++;
      list.push(this.literal('a value after the comma'));
    }
    this.expectPunct(')', 'to close the IN list');
    return list;
  }

  private between(arg: Cql2Scalar): Cql2 {
    const low = this.scalar('a value after BETWEEN');
    this.expectKeyword('AND', 'between the bounds of BETWEEN');
    return { op: 'between', arg, low, high: this.scalar('a value after AND') };
  }

  private literal(expected: string): Cql2Literal {
    const position = this.peek().position;
    const scalar = this.scalar(expected);
    if (scalar.kind === 'property') throw new Cql2Error(`Expected ${expected}, not a property`, position);
    return scalar;
  }

  /** A property or a literal. */
  private scalar(expected: string): Cql2Scalar {
    const token = this.peek();
    const { position } = token;
    if (token.type === 'string') return this.nextAs({ kind: 'string', value: token.text, position });
    if (token.type === 'number') return this.nextAs({ kind: 'number', value: this.number(), position });
    if (token.type === 'quoted') return this.nextAs({ kind: 'property', name: token.text, position });
    if (token.type !== 'word') return this.fail(expected);
    const word = token.text.toUpperCase();
    if (word === 'TRUE' || word === 'FALSE') return this.nextAs({ kind: 'boolean', value: word === 'TRUE', position });
    if (RESERVED.has(word)) return this.fail(expected);
    if (!this.isPunct('(', 1)) return this.nextAs({ kind: 'property', name: token.text, position });
    if (word === 'DATE' || word === 'TIMESTAMP') return this.instant(word);
    throw new Cql2Error(`Unknown function '${token.text}'`, position);
  }

  private nextAs<T>(node: T): T {
    this.index++;
    return node;
  }

  /** DATE('…') or TIMESTAMP('…'), the word next. */
  private instant(word: 'DATE' | 'TIMESTAMP'): Cql2Literal {
    const position = this.peek().position;
    this.index += 2;
    const token = this.peek();
    const example = word === 'DATE' ? "'2020-01-31'" : "'2020-01-31T12:00:00Z'";
    const match = (word === 'DATE' ? DATE : TIMESTAMP).exec(token.text);
    if (token.type !== 'string' || !match || !isRealInstant(match)) this.fail(`a ${word.toLowerCase()} such as ${example} in ${word}(…)`);
    this.index++;
    this.expectPunct(')', `to close ${word}(…)`);
    return { kind: word === 'DATE' ? 'date' : 'timestamp', value: token.text, position };
  }

  /** The number next, finite. */
  private number(): number {
    const token = this.peek();
    const value = Number(token.text);
    if (token.type !== 'number' || !Number.isFinite(value)) this.fail('a number');
    return value;
  }

  private takeNumber(): number {
    const value = this.number();
    this.index++;
    return value;
  }

  /** A geometry property, a BBOX or a WKT geometry. */
  private spatial(): Cql2Spatial {
    const token = this.peek();
    const { position } = token;
    const word = token.text.toUpperCase();
    if (token.type === 'quoted') return this.nextAs({ kind: 'property', name: token.text, position });
    if (token.type !== 'word' || RESERVED.has(word)) return this.fail('a geometry property, a BBOX or a WKT geometry');
    if (!this.isPunct('(', 1)) return this.nextAs({ kind: 'property', name: token.text, position });
    if (word === 'BBOX') return this.bbox();
    if (isWktType(word)) return { kind: 'wkt', geometry: this.wkt(position), position };
    throw new Cql2Error(`Unknown function '${token.text}'`, position);
  }

  private bbox(): Cql2Geometry {
    const position = this.peek().position;
    this.index += 2;
    const bbox: number[] = [this.takeNumber()];
    for (let i = 1; i < 4; i++) {
      this.expectPunct(',', 'between the numbers of BBOX(minLon, minLat, maxLon, maxLat)');
      bbox.push(this.takeNumber());
    }
    this.expectPunct(')', 'after the four numbers of BBOX');
    return { kind: 'bbox', bbox: bbox as [number, number, number, number], position };
  }

  /** The WKT geometry starting at `position`, read from the text (lib/wkt.ts); its tokens are then passed over. */
  private wkt(position: number): WktGeometry {
    try {
      const { geometry, end } = readWkt(this.text, position);
      while (this.peek().type !== 'end' && this.peek().position < end) this.index++;
      return geometry;
    } catch (error) {
      if (error instanceof WktError) throw new Cql2Error(error.message, error.position);
      throw error;
    }
  }
}

function negate(expr: Cql2, negated: boolean): Cql2 {
  return negated ? { op: 'not', arg: expr } : expr;
}
