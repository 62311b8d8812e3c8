import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();
const rendered = new WeakMap<SQL, string>();

/**
 * A condition's text and values as one string: what it selects, as a cache key (of a
 * statement template, of a count). Rendering is most of what drizzle spends on a request,
 * so each SQL object is rendered once, however many caches ask.
 */
export function sqlKey(part: SQL): string {
  let key = rendered.get(part);
  if (key === undefined) {
    const { sql, params } = dialect.sqlToQuery(part);
    key = JSON.stringify([sql, params]);
    rendered.set(part, key);
  }
  return key;
}
