/**
 * WKT geometries (POINT, LINESTRING, POLYGON and their MULTI forms, two coordinates each,
 * longitude then latitude) read into GeoJSON's shape: the filters that take them inline share
 * this reader (CQL2's `S_INTERSECTS(geometry, POINT(1 2))`, OData's `geography'POINT(1 2)'`).
 *
 * It reads characters from a given offset rather than tokens, so each caller keeps its own
 * lexer; every error is a WktError at a 0-based position in the caller's text. Type words are
 * case-insensitive, whitespace between items is free, and MULTIPOINT takes its points with or
 * without their own parentheses. No Z/M, EMPTY, SRID or GEOMETRYCOLLECTION.
 */

/** [longitude, latitude] */
export type WktPosition = [number, number];

/** A WKT geometry in GeoJSON's shape (rings closed, of four positions or more; lines of two or more). */
export type WktGeometry =
  | { type: 'Point'; coordinates: WktPosition }
  | { type: 'LineString'; coordinates: WktPosition[] }
  | { type: 'Polygon'; coordinates: WktPosition[][] }
  | { type: 'MultiPoint'; coordinates: WktPosition[] }
  | { type: 'MultiLineString'; coordinates: WktPosition[][] }
  | { type: 'MultiPolygon'; coordinates: WktPosition[][][] };

/** Why the text is no WKT geometry, and where (0-based, in the text given to the reader). */
export class WktError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'WktError';
  }
}

const TYPES = ['POINT', 'LINESTRING', 'POLYGON', 'MULTIPOINT', 'MULTILINESTRING', 'MULTIPOLYGON'] as const;
type WktType = (typeof TYPES)[number];

/** Whether a word (any case) names a geometry type read here. */
export function isWktType(word: string): boolean {
  return (TYPES as readonly string[]).includes(word.toUpperCase());
}

const TYPE_WORD = /[A-Za-z]+/y;
const NUMBER = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?/y;
const SPACE = /\s*/y;

/** Reads the geometry whose type word starts at `at`; answers it and the offset just after its last ')'. */
export function readWkt(text: string, at: number): { geometry: WktGeometry; end: number } {
  const reader = new Reader(text, at);
  const geometry = reader.geometry();
  return { geometry, end: reader.at };
}

/** A whole text as one geometry, surrounding whitespace allowed. */
export function parseWkt(text: string): WktGeometry {
  const reader = new Reader(text, 0);
  const geometry = reader.geometry();
  reader.expectEnd();
  return geometry;
}

class Reader {
  constructor(
    private readonly text: string,
    public at: number,
  ) {}

  /** Skips whitespace; answers where the next item starts. */
  private skipSpace(): number {
    SPACE.lastIndex = this.at;
    this.at += SPACE.exec(this.text)![0].length;
    return this.at;
  }

  private match(pattern: RegExp): string | null {
    pattern.lastIndex = this.skipSpace();
    const found = pattern.exec(this.text)?.[0] ?? null;
    if (found) this.at += found.length;
    return found;
  }

  private is(char: string): boolean {
    return this.text[this.skipSpace()] === char;
  }

  private expect(char: string, context: string): void {
    if (!this.is(char)) throw new WktError(`Expected '${char}' ${context}`, this.at);
    this.at++;
  }

  expectEnd(): void {
    if (this.skipSpace() < this.text.length) throw new WktError('Expected the end of the geometry', this.at);
  }

  geometry(): WktGeometry {
    const start = this.skipSpace();
    const word = this.match(TYPE_WORD)?.toUpperCase();
    if (!word || !isWktType(word)) throw new WktError(`Expected a WKT geometry (${TYPES.join(', ')})`, start);
    return this.body(word as WktType);
  }

  private body(type: WktType): WktGeometry {
    switch (type) {
      case 'POINT':
        return { type: 'Point', coordinates: this.pointText() };
      case 'LINESTRING':
        return { type: 'LineString', coordinates: this.lineText() };
      case 'POLYGON':
        return { type: 'Polygon', coordinates: this.polygonText() };
      case 'MULTIPOINT':
        return { type: 'MultiPoint', coordinates: this.parenthesised(() => (this.is('(') ? this.pointText() : this.position())) };
      case 'MULTILINESTRING':
        return { type: 'MultiLineString', coordinates: this.parenthesised(() => this.lineText()) };
      case 'MULTIPOLYGON':
        return { type: 'MultiPolygon', coordinates: this.parenthesised(() => this.polygonText()) };
    }
  }

  /** "(" item { "," item } ")" */
  private parenthesised<T>(item: () => T): T[] {
    this.expect('(', 'to open the coordinates');
    const items = [item()];
    while (this.is(',')) {
      this.at++;
      items.push(item());
    }
    this.expect(')', 'to close the coordinates');
    return items;
  }

  private number(): number {
    const start = this.skipSpace();
    const text = this.match(NUMBER);
    const value = Number(text);
    if (text === null || !Number.isFinite(value)) throw new WktError('Expected a number', start);
    return value;
  }

  private position(): WktPosition {
    return [this.number(), this.number()];
  }

  /** "(" x y ")" */
  private pointText(): WktPosition {
    this.expect('(', 'to open the coordinates');
    const point = this.position();
    this.expect(')', 'to close the coordinates');
    return point;
  }

  private lineText(): WktPosition[] {
    const start = this.skipSpace();
    const line = this.parenthesised(() => this.position());
    if (line.length < 2) throw new WktError('A line needs two positions or more', start);
    return line;
  }

  private polygonText(): WktPosition[][] {
    return this.parenthesised(() => {
      const start = this.skipSpace();
      const ring = this.parenthesised(() => this.position());
      const [first, last] = [ring[0]!, ring.at(-1)!];
      if (ring.length < 4 || first[0] !== last[0] || first[1] !== last[1]) {
        throw new WktError('A polygon ring needs four positions or more, its last the same as its first', start);
      }
      return ring;
    });
  }
}
