import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';
import { sqlKey } from './sql-key.js';

/** Shapes kept per template and database handle; the least recently used goes first. */
const MAX_SHAPES = 200;

/** What shapes a template's text: conditions a request brings, and plain choices. */
export type ShapePart = SQL | string | number | boolean | null | undefined;

type Preparable = { prepare(name: string): { execute(placeholders?: Record<string, unknown>): Promise<unknown> } };
type Prepared<Q extends Preparable> = ReturnType<Q['prepare']>;

/**
 * A whole number written into a template's text rather than sent as a value; the shape must
 * name it. A page's LIMIT and OFFSET go in this way: given as placeholders, PostgreSQL
 * guesses them as a tenth of the table, finds its kept plan worse than one made for the
 * values, and so plans the statement again on every execution (about as long as running it).
 */
export function literal(n: number): number {
  if (!Number.isSafeInteger(n)) throw new Error(`Not a whole number: ${n}`);
  // Drizzle takes SQL wherever it takes a number for LIMIT and OFFSET.
  return sql.raw(String(n)) as unknown as number;
}

const keyOf = (shape: readonly ShapePart[]) => JSON.stringify(shape.map((part) => (part && typeof part === 'object' ? sqlKey(part) : (part ?? null))));

/**
 * A large statement built once per shape and then run with new values. Drizzle builds a
 * statement's text on every call, and for a detail or a list page that cost the server
 * more than anything else it does for the request. The shape is what changes the text:
 * the small conditions a request brings (the reader's visibility, the filters), rendered
 * to find their template, and the form of a key; values that change with every request
 * (the key itself) are placeholders.
 */
export function queryTemplate<A, Q extends Preparable>(template: {
  /** What decides the text. */
  shape: (args: A) => readonly ShapePart[];
  /** The placeholders' values. */
  values?: (args: A) => Record<string, unknown>;
  /** The statement, for arguments of this shape (placeholders for the values). */
  build: (d: Db, args: A) => Q;
}) {
  const built = new WeakMap<Db, Map<string, Prepared<Q>>>();
  return (d: Db, args: A): Promise<Awaited<ReturnType<Prepared<Q>['execute']>>> => {
    let shapes = built.get(d);
    if (!shapes) built.set(d, (shapes = new Map()));
    const key = keyOf(template.shape(args));
    let prepared = shapes.get(key);
    if (prepared) shapes.delete(key);
    // Unnamed (''): the connection names it once it is used again (statements.ts).
    else prepared = template.build(d, args).prepare('') as Prepared<Q>;
    shapes.set(key, prepared);
    if (shapes.size > MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    return prepared.execute(template.values?.(args) ?? {}) as Promise<Awaited<ReturnType<Prepared<Q>['execute']>>>;
  };
}
