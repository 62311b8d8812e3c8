import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** Shapes kept per template and database handle; the least recently used goes first. */
const MAX_SHAPES = 200;

const dialect = new PgDialect();

/** What shapes a template's text: conditions a request brings, and plain choices. */
export type ShapePart = SQL | string | number | boolean | null | undefined;

type Preparable = { prepare(name: string): { execute(placeholders?: Record<string, unknown>): Promise<unknown> } };
type Prepared<Q extends Preparable> = ReturnType<Q['prepare']>;

const keyOf = (shape: readonly ShapePart[]) =>
  JSON.stringify(
    shape.map((part) => {
      if (part && typeof part === 'object') {
        const { sql, params } = dialect.sqlToQuery(part);
        return [sql, params];
      }
      return part ?? null;
    }),
  );

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
